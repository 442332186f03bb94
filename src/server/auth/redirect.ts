/**
 * Where a link may send a user back to: redirect_to when it is on the site's host (SITE_URL) or matches
 * URI_ALLOW_LIST (comma-separated URLs; `*` matches within one host label or path segment, `**` anything,
 * as GoTrue's globs), else SITE_URL.
 */
import type { AuthConfig } from '../../shared/auth'

function globRegex(pattern: string): RegExp {
  const body = pattern
    .split('**')
    .map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^./]*'))
    .join('.*')
  return new RegExp(`^${body}$`)
}

export function isAllowedRedirect(config: AuthConfig, url: string): boolean {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return false
  }
  if (!['http:', 'https:'].includes(target.protocol) && !config.URI_ALLOW_LIST.includes(`${target.protocol}//`)) return false
  try {
    if (new URL(config.SITE_URL).hostname === target.hostname) return true
  } catch {
    // a bad SITE_URL matches nothing
  }
  return config.URI_ALLOW_LIST.split(',').map((s) => s.trim()).filter(Boolean).some((p) => p === url || globRegex(p).test(url))
}

export function redirectFor(config: AuthConfig, redirectTo: unknown): string {
  return typeof redirectTo === 'string' && redirectTo && isAllowedRedirect(config, redirectTo) ? redirectTo : config.SITE_URL
}
