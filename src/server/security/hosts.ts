/**
 * Which Host names the studio answers for: the bound address, localhost, 127.0.0.1 and [::1] (any port),
 * STUDIO_PUBLIC_URL's host and STUDIO_ALLOWED_HOSTS. Any other Host is a DNS-rebinding page's (its own
 * name resolving to 127.0.0.1), refused before any route runs.
 */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/** `Example.com:8082` → `example.com`, `[::1]:80` → `[::1]`. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase()
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1)
  const colon = h.indexOf(':')
  return colon < 0 ? h : h.slice(0, colon)
}

/** The bound address as a Host carries it: IPv6 in brackets; an any-address bind allows no extra name. */
function boundName(bindHost: string): string | null {
  if (bindHost === '0.0.0.0' || bindHost === '::' || bindHost === '') return null
  return hostName(bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost)
}

export function allowedHosts(opts: { bindHost: string; publicUrl?: string; extra?: readonly string[] }): Set<string> {
  const names = new Set(LOOPBACK)
  const bound = boundName(opts.bindHost)
  if (bound) names.add(bound)
  if (opts.publicUrl) names.add(hostName(new URL(opts.publicUrl).host))
  for (const extra of opts.extra ?? []) if (extra.trim()) names.add(hostName(extra))
  return names
}

/** STUDIO_ALLOWED_HOSTS: a comma-separated list of host names. */
export const parseHostList = (value: string | undefined) => (value ?? '').split(',').map((h) => h.trim()).filter(Boolean)
