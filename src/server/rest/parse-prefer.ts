/** The Prefer and Range headers, as PostgREST 12 reads them. */
import type { Prefer, RangeHeader } from './ast'
import { RestError } from './errors'

type Key = Exclude<keyof Prefer, 'maxAffected'>

const CHOICES: Record<Key, readonly string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['lenient', 'strict'],
  params: ['single-object'],
}

/**
 * `Prefer: return=representation, count=exact` (one header or several; the first of a kind wins). Unknown
 * preferences are ignored, unless `handling=strict`: then they are PGRST122.
 */
export function parsePrefer(header: string | string[] | undefined): Prefer {
  const parts = (Array.isArray(header) ? header : header === undefined ? [] : [header])
    .flatMap((h) => h.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '')
  const prefer: Record<string, unknown> = {}
  const invalid: string[] = []
  for (const part of parts) {
    const eq = part.indexOf('=')
    const key = eq === -1 ? part : part.slice(0, eq)
    const value = eq === -1 ? '' : part.slice(eq + 1)
    if (key === 'max-affected') {
      if (/^\d+$/.test(value)) prefer.maxAffected ??= Number(value)
      continue
    }
    if (key === 'timezone' && value !== '') continue
    const choices = Object.hasOwn(CHOICES, key) ? CHOICES[key as Key] : undefined
    if (choices?.includes(value)) prefer[key] ??= value
    else invalid.push(part)
  }
  if (prefer.handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`)
  }
  return prefer as Prefer
}

/**
 * `Range: 0-9` or `0-` (items, inclusive). Anything else is no range (PostgREST ignores it); a range whose
 * end is before its start is 416 PGRST103.
 */
export function parseRange(header: string | undefined): RangeHeader | undefined {
  const m = /^\s*(\d+)-(\d*)\s*$/.exec(header ?? '')
  if (!m) return undefined
  const from = Number(m[1])
  if (m[2] === '') return { from }
  const to = Number(m[2])
  if (to < from) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  }
  return { from, to }
}
