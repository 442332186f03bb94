/** The explorer's recent queries: newest first, each SQL once (trimmed), at most the cap. */
import { describe, expect, it } from 'vitest'
import { LOGS_RECENT_QUERIES_MAX } from '../../src/shared/constants'
import { withRecent, type RecentQuery } from '../../src/web/model/logs/explorer/recent'

const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString()

describe('recent logs queries', () => {
  it('puts the query run first, once', () => {
    let items: RecentQuery[] = []
    items = withRecent(items, 'select 1', at(1))
    items = withRecent(items, 'select 2', at(2))
    items = withRecent(items, '  select 1\n', at(3))
    expect(items).toEqual([
      { sql: 'select 1', ranAt: at(3) },
      { sql: 'select 2', ranAt: at(2) },
    ])
  })

  it('keeps at most the cap, dropping the oldest', () => {
    let items: RecentQuery[] = []
    for (let i = 0; i < LOGS_RECENT_QUERIES_MAX + 5; i++) items = withRecent(items, `select ${i}`, at(i))
    expect(items).toHaveLength(LOGS_RECENT_QUERIES_MAX)
    expect(items[0]!.sql).toBe(`select ${LOGS_RECENT_QUERIES_MAX + 4}`)
    expect(items.at(-1)!.sql).toBe('select 5')
  })
})
