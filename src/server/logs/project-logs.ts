/**
 * A project's logs: its store in the platform store's database and the collector the services record into.
 * Turned off (STUDIO_LOGS=off), the services record into nothing and logs queries read empty sources.
 */
import { LOG_RETENTION_DAYS } from '../../shared/constants'
import type { PlatformStore } from '../platform/store'
import { LogCollector, NO_LOGS, type CollectorOptions, type LogSink } from './collector'
import { LogStore } from './store'

export interface LogsOptions extends CollectorOptions {
  /** record events (default true) */
  enabled?: boolean
  /** days kept (default LOG_RETENTION_DAYS) */
  retentionDays?: number
  /** the clock (tests) */
  now?: () => number
}

export class ProjectLogs {
  readonly store: LogStore
  readonly collector: LogCollector | null
  readonly sink: LogSink

  constructor(platform: PlatformStore, ref: string, opts: LogsOptions = {}) {
    this.store = new LogStore(() => platform.get(), ref, { retentionDays: opts.retentionDays ?? LOG_RETENTION_DAYS, now: opts.now })
    this.collector = opts.enabled === false ? null : new LogCollector(this.store, opts)
    this.sink = this.collector ?? NO_LOGS
  }

  /** Writes what waits (so a query sees every event recorded before it). */
  flush(): Promise<void> {
    return this.collector?.flush() ?? Promise.resolve()
  }

  close(): Promise<void> {
    return this.collector?.close() ?? Promise.resolve()
  }
}
