/**
 * Writing snippets: JavaScript literals, shell quoting, the curl lines every call starts with, and sample
 * values a column of each type accepts (so that a snippet runs as shown).
 */
import type { DocsColumn, DocsFunctionArg } from './columns'

/** A JavaScript string literal in single quotes. */
export const jsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A JavaScript value as source: objects inline (`{ a: 1, 'b c': 'x' }`), arrays, strings, numbers… */
export function jsValue(v: unknown): string {
  if (v === null) return 'null'
  if (typeof v === 'string') return jsString(v)
  if (Array.isArray(v)) return `[${v.map(jsValue).join(', ')}]`
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
    if (entries.length === 0) return '{}'
    return `{ ${entries.map(([k, x]) => `${IDENT.test(k) ? k : jsString(k)}: ${jsValue(x)}`).join(', ')} }`
  }
  return String(v)
}

/** A word for the shell in single quotes ('it'\''s'). */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** JSON with a space inside the braces, as a curl body: `{ "a": 1 }`. */
export function jsonBody(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonBody).join(', ')}]`
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
    return entries.length ? `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${jsonBody(x)}`).join(', ')} }` : '{}'
  }
  return JSON.stringify(v)
}

/** A path segment or query value, encoded as curl must send it (names with spaces, quotes…). */
export const urlPart = (s: string) => encodeURIComponent(s).replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%2A/g, '*')

export interface SnippetKey {
  /** the key as the snippet shows it: the anon key, the service key revealed, or masked */
  value: string
}

/** `curl [-X METHOD] 'url' \` then the apikey and bearer lines and any others, one per line. */
export function curl(method: string, url: string, key: SnippetKey, headers: string[] = [], data?: string): string {
  const lines = [
    `curl ${method === 'GET' ? '' : `-X ${method} `}${shellQuote(url)}`,
    `-H "apikey: ${key.value}"`,
    `-H "Authorization: Bearer ${key.value}"`,
    ...headers.map((h) => `-H ${JSON.stringify(h)}`),
  ]
  if (data !== undefined) lines.push(`-d ${shellQuote(data)}`)
  return lines.join(' \\\n')
}

/** A value a column of this type takes, for examples that run. */
export function sampleValue(c: Pick<DocsColumn, 'format' | 'type' | 'enum' | 'maxLength'>, n = 0): unknown {
  if (c.enum?.length) return c.enum[n % c.enum.length]
  const f = c.format
  if (f.endsWith('[]')) {
    const element = sampleValue({ format: f.slice(0, -2), type: undefined, enum: null, maxLength: null }, n)
    return [element]
  }
  if (c.type === 'integer') return n + 1
  if (c.type === 'number') return n + 1.5
  if (c.type === 'boolean') return n % 2 === 0
  if (f === 'json' || f === 'jsonb') return { example: n + 1 }
  if (f === 'uuid') return `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`
  if (f === 'date') return `2024-01-0${(n % 9) + 1}`
  if (f.startsWith('timestamp')) return `2024-01-0${(n % 9) + 1}T12:00:00Z`
  if (f.startsWith('time')) return '12:00:00'
  if (f === 'inet') return '127.0.0.1'
  if (f === 'interval') return '1 day'
  const text = n === 0 ? 'example' : `example ${n + 1}`
  return c.maxLength ? text.slice(0, c.maxLength) : text
}

/** The value of a function argument in a call. */
export const sampleArg = (a: DocsFunctionArg) => sampleValue({ format: a.format, type: a.type, enum: null, maxLength: null })

/** A column sure to be written by an insert: NOT NULL with no default, and not an integer primary key (identity or serial). */
export const mustWrite = (c: DocsColumn) => c.required && !c.hasDefault && !(c.primaryKey && c.type === 'integer')
