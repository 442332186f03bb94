/** GoTrue's ban_duration: a Go duration ('24h', '1h30m', '90s', '876000h') or 'none' to lift the ban. */
import { validationFailed } from './errors'

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** The ban's end as an ISO timestamp, or null for 'none'; validation_failed on anything else. */
export function banUntil(duration: string, now = Date.now()): string | null {
  if (duration === 'none') return null
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)]
  if (!parts.length || parts.map((p) => p[0]).join('') !== duration) throw validationFailed(`invalid format for ban duration: time: invalid duration "${duration}"`)
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0)
  const end = now + ms
  if (!Number.isFinite(end) || end > 8.64e15) throw validationFailed(`invalid format for ban duration: time: invalid duration "${duration}"`)
  return new Date(end).toISOString()
}
