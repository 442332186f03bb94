/** STUDIO_LOGS=off (no events recorded) and STUDIO_LOG_RETENTION_DAYS (whole days, at least 1). */
import type { LogsOptions } from './project-logs'

export function logsOptionsFromEnv(env: NodeJS.ProcessEnv): LogsOptions {
  const opts: LogsOptions = {}
  if (/^(off|false|0|no)$/i.test(env.STUDIO_LOGS ?? '')) opts.enabled = false
  const days = env.STUDIO_LOG_RETENTION_DAYS
  if (days !== undefined && days !== '') {
    const n = Number(days)
    if (!Number.isInteger(n) || n < 1) throw new Error(`STUDIO_LOG_RETENTION_DAYS must be a whole number of days, at least 1 (got "${days}")`)
    opts.retentionDays = n
  }
  return opts
}
