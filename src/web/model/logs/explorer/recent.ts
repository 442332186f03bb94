/**
 * The queries run in the logs explorer, per project in this browser's localStorage: newest first, each SQL
 * once (running it again moves it to the top), at most LOGS_RECENT_QUERIES_MAX.
 */
import { proxy } from 'valtio'
import { LOGS_RECENT_QUERIES_MAX } from '../../../../shared/constants'
import { readJson, writeJson } from '../../app/local-storage'

const KEY = (ref: string) => `studio.${ref}.logs.recent-queries`

export interface RecentQuery {
  sql: string
  /** when it last ran (ISO 8601) */
  ranAt: string
}

const isRecent = (v: unknown): RecentQuery[] | undefined =>
  Array.isArray(v) && v.every((q) => q && typeof q.sql === 'string' && typeof q.ranAt === 'string') ? (v as RecentQuery[]) : undefined

export const recentQueries = proxy({ ref: '', items: [] as RecentQuery[] })

/** The project's recent queries (read from storage the first time, or when the project changes). */
export function loadRecentQueries(ref: string): readonly RecentQuery[] {
  if (recentQueries.ref !== ref) {
    recentQueries.ref = ref
    recentQueries.items = readJson(KEY(ref), isRecent) ?? []
  }
  return recentQueries.items
}

/** The list with `sql` put first (once), cut to the cap. */
export function withRecent(items: readonly RecentQuery[], sql: string, ranAt: string, max = LOGS_RECENT_QUERIES_MAX): RecentQuery[] {
  const text = sql.trim()
  return [{ sql: text, ranAt }, ...items.filter((q) => q.sql !== text)].slice(0, max)
}

export function rememberQuery(ref: string, sql: string, now = new Date()): void {
  recentQueries.items = withRecent(loadRecentQueries(ref), sql, now.toISOString())
  writeJson(KEY(ref), recentQueries.items)
}

export function clearRecentQueries(ref: string): void {
  loadRecentQueries(ref)
  recentQueries.items = []
  writeJson(KEY(ref), [])
}
