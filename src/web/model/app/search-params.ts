/**
 * URL search params the way the spec writes them: repeatable plain keys (`filter=a:eq:1&filter=b:gt:2`),
 * not JSON. One value stays a string, several become an array; zod schemas per route coerce the rest.
 */
export function parseSearch(searchStr: string): Record<string, unknown> {
  const sp = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr)
  const out: Record<string, unknown> = {}
  for (const key of new Set(sp.keys())) {
    const all = sp.getAll(key)
    out[key] = all.length > 1 ? all : all[0]
  }
  return out
}

export function stringifySearch(search: Record<string, unknown>): string {
  const sp = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue
    const list = Array.isArray(value) ? value : [value]
    for (const v of list) if (v !== undefined && v !== null) sp.append(key, String(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ''
}
