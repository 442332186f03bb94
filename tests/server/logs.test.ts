/**
 * The logs (issue 16): a request the test makes is an edge event that logs.all finds (Supabase's call shape,
 * `{ result }`), within the time range asked only; the logs SQL reads the source views and nothing else of the
 * platform store, never writes, stops at the timeout; old day partitions are dropped whole; the server refuses
 * a user without the analytics read permission. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSIONS } from '../../src/shared/permissions'
import { MSG } from '../../src/shared/messages'
import { queryLogs } from '../../src/server/logs/query'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { client, REF, unique } from './support/http'

const LOGS = `/platform/projects/${REF}/analytics/endpoints/logs.all`
const logsUrl = (sql: string, range: { start?: string; end?: string } = {}) =>
  `${LOGS}?${new URLSearchParams({ sql, ...(range.start ? { iso_timestamp_start: range.start } : {}), ...(range.end ? { iso_timestamp_end: range.end } : {}) })}`

describe.each(targets())('logs on $name', (target) => {
  const c = client(target.url)
  let own: OwnStudio

  beforeAll(async () => {
    own = await ownStudio(target, 'logs', { logs: { flushMs: 60_000 } })
  }, 120_000)
  afterAll(async () => {
    await own?.close()
  })

  it('records a request as an edge event that logs.all finds, with its method, status, role and timing', async () => {
    const marker = unique('edge')
    const before = new Date(Date.now() - 1000).toISOString()
    expect((await c.send('GET', `/platform/pg-meta/${REF}/schemas?marker=${marker}`)).status).toBe(200)
    const sql = `select event_message, metadata from edge_logs where metadata->'request'->>'search' like '%${marker}%'`
    const res = await c.send('GET', logsUrl(sql, { start: before }))
    expect(res.status).toBe(200)
    const { result } = res.body as { result: { event_message: string; metadata: Record<string, any> }[] }
    expect(result).toHaveLength(1)
    const [event] = result
    expect(event!.event_message).toMatch(new RegExp(`^GET \\| 200 \\| .+ \\| /platform/pg-meta/${REF}/schemas \\|`))
    expect(event!.metadata).toMatchObject({
      request: { method: 'GET', path: `/platform/pg-meta/${REF}/schemas`, search: `?marker=${marker}` },
      response: { status_code: 200 },
      role: 'dashboard',
    })
    expect(event!.metadata.duration_ms).toBeGreaterThan(0)
    expect(typeof event!.metadata.request_id).toBe('string')

    // outside the range asked: nothing
    const earlier = await c.send('GET', logsUrl(sql, { start: '2020-01-01T00:00:00Z', end: before }))
    expect(earlier).toEqual({ status: 200, body: { result: [] } })
  })

  it('stores an event whose texts hold a NUL (an object key, a header), the NUL as U+FFFD', async () => {
    const marker = unique('nul')
    own.studio.logs.sink.record('storage', `upload ${marker}\0x`, { bucket: marker, key: 'a\0b' })
    await own.studio.logs.flush()
    const db = await own.studio.store.get()
    const found = await queryLogs(db, own.studio.logs.store, { sql: `select event_message, metadata->>'key' as key from storage_logs where metadata->>'bucket' = '${marker}'` })
    expect(found.result).toEqual([{ event_message: `upload ${marker}\uFFFDx`, key: 'a\uFFFDb' }])
    expect(own.studio.logs.collector?.dropped).toBe(0)
  })

  it('reads every source view, each with id, timestamp, event_message and metadata', async () => {
    for (const view of ['edge_logs', 'postgres_logs', 'postgrest_logs', 'auth_logs', 'storage_logs']) {
      const res = await c.send('GET', logsUrl(`select id, timestamp, event_message, metadata from ${view} limit 0`))
      expect({ view, status: res.status }).toEqual({ view, status: 200 })
    }
  })

  it('refuses what is not one read of the logs, and changes nothing', async () => {
    const refused = async (sql: string) => {
      const res = await c.send('GET', logsUrl(sql))
      expect(res.status).toBe(400)
      return (res.body as { error: { message: string } }).error.message
    }
    expect(await refused('')).toBe(MSG.logsQueryEmpty)
    expect(await refused('delete from edge_logs')).toBe(MSG.logsQueryReadOnly)
    expect(await refused('select 1; select 2')).toBe(MSG.logsQueryOneStatement)
    expect(await refused(`select set_config('role', 'postgres', true)`)).toBe(MSG.logsQuerySetConfig)
    expect(await refused(`select "set_config"('role', 'postgres', true)`)).toBe(MSG.logsQuerySetConfig)
    // a data-modifying WITH: refused by the database (the transaction is read-only too)
    expect(await refused(`with gone as (delete from edge_logs returning 1) select * from gone`)).toMatch(/read-only transaction|must be at the top level/)
    // the platform store's own tables are not the logs'
    expect(await refused('select * from _studio.sessions')).toMatch(/permission denied/)
    expect(await refused('select * from _studio.users')).toMatch(/permission denied/)
    expect(await refused('select * from nowhere_logs')).toMatch(/does not exist/)
    const bad = await c.send('GET', logsUrl('select 1', { start: 'yesterday' }))
    expect(bad).toEqual({ status: 400, body: { error: { message: MSG.logsBadTimestamp('iso_timestamp_start') }, message: MSG.logsBadTimestamp('iso_timestamp_start') } })
    // the sessions are all still there: the dashboard answers
    expect((await c.send('GET', `/platform/pg-meta/${REF}/schemas`)).status).toBe(200)
  })

  it('stops a query at the timeout, and the store answers after', async () => {
    const store = await own.studio.store.get()
    await expect(queryLogs(store, own.studio.logs.store, { sql: 'select pg_sleep(30)' }, 500)).rejects.toThrow(MSG.logsQueryTimedOut(0.5))
    expect(await queryLogs(store, own.studio.logs.store, { sql: 'select 1 as one' })).toEqual({ result: [{ one: 1 }] })
  }, 60_000)

  it('drops the day partitions past retention, whole, and keeps the rest', async () => {
    const { store } = own.studio.logs
    const day = 86_400_000
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()
    await store.write('auth', [
      { timestamp: at(30), event_message: 'old', metadata: {} },
      { timestamp: at(9), event_message: 'past retention', metadata: {} },
      { timestamp: at(1), event_message: 'kept', metadata: {} },
    ])
    const db = await own.studio.store.get()
    const read = async () => (await queryLogs(db, store, { sql: 'select event_message from auth_logs order by timestamp' })).result.map((r) => r.event_message)
    expect(await read()).toEqual(expect.arrayContaining(['old', 'past retention', 'kept']))
    store.resetSweep()
    const dropped = await store.sweep()
    expect(dropped).toHaveLength(2)
    expect(dropped.every((name) => name.startsWith('auth_events_'))).toBe(true)
    expect(await read()).toEqual(['kept'])
  })

  it('counts each minute\'s events, errors and warnings as it writes them (what the histogram reads)', async () => {
    const { store } = own.studio.logs
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 3 * 60_000)
    const at = (s: number) => new Date(minute.getTime() + s * 1000).toISOString()
    const edge = (s: number, status: number) => ({ timestamp: at(s), event_message: `GET | ${status}`, metadata: { response: { status_code: status } } })
    await store.write('edge', [edge(1, 200), edge(2, 404), edge(3, 500)])
    await store.write('edge', [edge(4, 503), edge(65, 200)])
    const db = await own.studio.store.get()
    const range = { iso_timestamp_start: minute.toISOString(), iso_timestamp_end: new Date(minute.getTime() + 120_000).toISOString() }
    const counted = await queryLogs(db, store, { sql: 'select minute, total, errors, warnings from edge_logs_minutes order by minute', ...range })
    expect(counted.result).toEqual([
      { minute: expect.anything(), total: 4, errors: 2, warnings: 1 },
      { minute: expect.anything(), total: 1, errors: 0, warnings: 0 },
    ])
    const events = await queryLogs(db, store, { sql: 'select count(*)::int as n from edge_logs', ...range })
    expect(events.result).toEqual([{ n: 5 }])
  })

  it('flushes what waits in one batch per source when asked, and a closed collector keeps nothing', async () => {
    const marker = unique('batch')
    for (let i = 0; i < 50; i++) own.studio.logs.sink.record('storage', `upload ${marker} ${i}`, { bucket: marker, i })
    const db = await own.studio.store.get()
    const count = async () =>
      (await queryLogs(db, own.studio.logs.store, { sql: `select count(*)::int as n from storage_logs where metadata->>'bucket' = '${marker}'` })).result[0]!.n
    expect(await count()).toBe(0) // still in memory (flush every minute here)
    await own.studio.logs.flush()
    expect(await count()).toBe(50)
  })
})

describe('logs permissions', () => {
  let own: OwnStudio
  beforeAll(async () => {
    const readOnly = [{ actions: [PERMISSIONS.tenantSqlAdminRead.action], resources: ['tables'] }]
    own = await ownStudio(targets()[0]!, 'logs-perm', { grants: readOnly })
  }, 120_000)
  afterAll(async () => {
    await own?.close()
  })

  it('refuses logs.all to a user without the analytics read permission', async () => {
    const res = await client(own.studio.url).send('GET', logsUrl('select 1'))
    expect(res.status).toBe(403)
  })
})
