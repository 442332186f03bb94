/**
 * The drivers' guards: PGlite runs off the server's thread, a call that waits too long for the database
 * fails with 503 and never runs, a script can be cancelled (PGlite: its worker is ended and opened again,
 * and every committed row survives), PostgreSQL's statement timeout spares the editor's scripts, script
 * sessions are reused, and PGlite's data directory is private. Orders and outcomes, never durations.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Driver } from '../../src/server/db/driver'
import { openPglite } from '../../src/server/db/pglite'
import { openPostgres } from '../../src/server/db/postgres'
import { MSG } from '../../src/shared/messages'

const databaseUrl = process.env.TEST_DATABASE_URL
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cancelled = { message: MSG.queryCancelled, code: '57014' }
const busy = (seconds: number) => ({ statusCode: 503, message: MSG.databaseBusy(seconds) })

/** Where a promise ended up, without throwing. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (e: { statusCode?: number; code?: string }) => e.statusCode ?? e.code ?? 'failed',
  )

const dirs: string[] = []
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-guards-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

describe('PGlite', () => {
  let db: Driver
  /** the same kind of database, waiting at most 200 ms for its turn */
  let impatient: Driver
  beforeAll(async () => {
    ;[db, impatient] = await Promise.all([openPglite(await freshDir()), openPglite(await freshDir(), { waitTimeoutMs: 200 })])
  })
  afterAll(async () => {
    await Promise.all([db?.close(), impatient?.close()])
  })

  it('leaves the event loop free while a query sleeps', async () => {
    const order: string[] = []
    const sleeping = db.script('select pg_sleep(3)').then(() => order.push('sleep'))
    await new Promise((resolve) => setImmediate(resolve))
    order.push('immediate')
    await later(500) // by then the sleep has started: in the server's own thread it would hold this timer back
    order.push('timer')
    await sleeping
    expect(order).toEqual(['immediate', 'timer', 'sleep'])
  })

  it('runs calls made together one after another in their order, each script followed by its reset', async () => {
    await db.exec('create table together (n int, zone text, path text, who text)')
    const record = (n: number) =>
      `insert into together select ${n}, current_setting('TimeZone'), current_setting('search_path'), current_user`
    // scripts that change their session, between calls that read it; a transaction (alone) in the middle
    const calls = Array.from({ length: 120 }, (_, n) => {
      if (n % 3 === 0) return db.script(`${record(n)}; set TimeZone = 'Asia/Tokyo'; set search_path = nowhere; set role pg_read_all_data`)
      if (n === 61) return db.transaction((tx) => tx.query(record(n)))
      return n % 3 === 1 ? db.query(record(n)) : db.exec(record(n))
    })
    await Promise.all(calls)
    const { rows } = await db.query<{ n: number; zone: string; path: string; who: string }>('select * from together')
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 120 }, (_, n) => n))
    expect(new Set(rows.map((r) => `${r.zone} ${r.path} ${r.who}`))).toEqual(new Set(['UTC public postgres']))
  })

  it('fails a call that waited too long for its turn with 503, and never runs it', async () => {
    await impatient.exec('create table waited (id int)')
    const sleeping = impatient.script('select pg_sleep(2)')
    const insert = impatient.query('insert into waited values (1)')
    const tx = impatient.transaction((t) => t.query('insert into waited values (2)'))
    // both time out at about the same moment, in either order
    await Promise.all([expect(insert).rejects.toMatchObject(busy(0.2)), expect(tx).rejects.toMatchObject(busy(0.2))])
    await sleeping
    expect((await impatient.query('select count(*)::int as n from waited')).rows).toEqual([{ n: 0 }])
  })

  it('cancels a loop of committed inserts: the script fails, committed rows stay, queued calls run after the restart', async () => {
    await db.exec('create table loop_rows (n int)')
    const inserts = (from: number, to: number, pause = '') =>
      Array.from({ length: to - from + 1 }, (_, i) => `begin; insert into loop_rows values (${from + i}); commit; ${pause}`).join('\n')
    await db.script(inserts(1, 50)) // committed for sure
    const controller = new AbortController()
    const loop = db.script(inserts(51, 1000, 'select pg_sleep(0.01);'), { signal: controller.signal })
    const queued = db.query('insert into loop_rows values (-1)')
    await later(300)
    controller.abort()
    await expect(loop).rejects.toMatchObject(cancelled)
    await queued
    const { rows } = await db.query<{ n: number }>('select n from loop_rows where n > 0 order by n')
    const seen = rows.map((r) => r.n)
    expect(seen.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    // what the loop committed before it stopped: a run without gaps, short of the end
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1))
    expect(seen.length).toBeLessThan(1000)
    expect((await db.query('select count(*)::int as n from loop_rows where n = -1')).rows).toEqual([{ n: 1 }])
    expect((await db.script('select 1 as one'))[0]!.rows).toEqual([{ one: 1 }])
  })

  it('cancels pg_sleep(30) at once, and a script still queued without running it', async () => {
    await db.exec('create table never (id int)')
    const controller = new AbortController()
    const sleeping = db.script('select pg_sleep(30)', { signal: controller.signal })
    const waiting = new AbortController()
    const queued = db.script('insert into never values (1)', { signal: waiting.signal })
    await later(200)
    waiting.abort()
    await expect(queued).rejects.toMatchObject(cancelled)
    controller.abort()
    const first = await Promise.race([outcome(sleeping), later(20_000).then(() => 'still sleeping')])
    expect(first).toBe('57014')
    expect((await db.query('select count(*)::int as n from never')).rows).toEqual([{ n: 0 }])
  })

  it('keeps database errors whole across the thread', async () => {
    await expect(db.query('select nope')).rejects.toMatchObject({ code: '42703', severity: 'ERROR', position: '8' })
  })

  it('makes the data directory private: directories 0700, files 0600', async () => {
    const dir = await freshDir()
    const fresh = await openPglite(dir)
    const loose: string[] = []
    async function walk(path: string): Promise<void> {
      const mode = (await stat(path)).mode & 0o777
      if (mode !== 0o700) loose.push(`${path} ${mode.toString(8)}`)
      for (const entry of await readdir(path, { withFileTypes: true })) {
        const child = join(path, entry.name)
        if (entry.isDirectory()) await walk(child)
        else if (((await stat(child)).mode & 0o077) !== 0) loose.push(child)
      }
    }
    try {
      await walk(join(dir, 'db'))
    } finally {
      await fresh.close()
    }
    expect(loose).toEqual([])
  })
})

describe.runIf(databaseUrl)('PostgreSQL', () => {
  const opened: Driver[] = []
  const open = (opts: Parameters<typeof openPostgres>[1]) => {
    const db = openPostgres(databaseUrl!, opts)
    opened.push(db)
    return db
  }
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()))
  })

  it('stops a statement past the statement timeout, but not an editor script', async () => {
    const db = open({ statementTimeoutMs: 300 })
    await expect(db.query('select pg_sleep(1.5)')).rejects.toMatchObject({ code: '57014' })
    await expect(db.transaction((tx) => tx.query('select pg_sleep(1.5)'))).rejects.toMatchObject({ code: '57014' })
    const [slept, shown] = await db.script('select pg_sleep(1.5); show statement_timeout')
    expect(slept!.command).toBe('SELECT')
    expect(shown!.rows).toEqual([{ statement_timeout: '0' }])
    // DISCARD ALL after the script put the session's own settings back
    expect((await db.query('show statement_timeout')).rows).toEqual([{ statement_timeout: '300ms' }])
    expect((await db.query('show idle_in_transaction_session_timeout')).rows).toEqual([{ idle_in_transaction_session_timeout: '2min' }])
  })

  it('reuses its sessions across scripts', async () => {
    const db = open({})
    const pids = new Set<number>()
    for (let i = 0; i < 50; i++) {
      const results = await db.script(`set search_path = nowhere; select pg_backend_pid() as pid`)
      pids.add(Number(results.at(-1)?.rows[0]?.pid))
    }
    // 9 scripts: sessions are reused (a script's answer does not wait for its session's reset, so the next one
    // may take another idle session meanwhile)
    expect(pids.size).toBeLessThanOrEqual(4)
    expect((await db.script('show search_path'))[0]!.rows).toEqual([{ search_path: '"$user", public' }])
  })

  it('puts back whatever a script left on its session (open or failed transaction, locks, SET, COPY) and reuses it', async () => {
    const db = open({})
    const pids = new Set<number>()
    const state = async () => {
      const [row] = (await db.script(`select pg_backend_pid() as pid, current_user as u, current_setting('search_path') as path,
        current_setting('statement_timeout') as timeout, to_regclass('pg_temp.left_behind') as temp,
        (select count(*)::int from pg_prepared_statements) as prepared, (select count(*)::int from pg_listening_channels()) as listening,
        (select count(*)::int from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()) as locks`))[0]!.rows
      const { pid, ...rest } = row as { pid: number }
      pids.add(pid)
      return rest
    }
    const fresh = await state()
    expect(fresh).toMatchObject({ path: '"$user", public', timeout: '0', temp: null, prepared: 0, listening: 0, locks: 0 })
    const leftovers = `create temp table left_behind (id int); prepare left_behind as select 1; listen left_behind;
      select pg_advisory_lock(4242); set search_path = nowhere; set statement_timeout = 5000; set role pg_read_all_data`
    // an open transaction (DISCARD ALL refuses to run in it), a failed one, none, and a COPY from the client
    await db.script(`begin; ${leftovers}`)
    expect(await state()).toEqual(fresh)
    await expect(db.script(`${leftovers}; begin; select 1 / 0`)).rejects.toMatchObject({ code: '22012' })
    expect(await state()).toEqual(fresh)
    await db.script(leftovers)
    expect(await state()).toEqual(fresh)
    await expect(db.script(`${leftovers}; create temp table copied (id int); copy copied from stdin`)).rejects.toMatchObject({ severity: 'ERROR' })
    expect(await state()).toEqual(fresh)
    // 9 scripts: sessions are reused (a script's answer does not wait for its session's reset, so the next one
    // may take another idle session meanwhile)
    expect(pids.size).toBeLessThanOrEqual(4)
  })

  it('cancels a running script through its signal', async () => {
    const db = open({})
    const controller = new AbortController()
    const sleeping = db.script('select pg_sleep(30)', { signal: controller.signal })
    await later(300)
    controller.abort()
    await expect(sleeping).rejects.toMatchObject(cancelled)
    expect((await db.script('select 1 as one'))[0]!.rows).toEqual([{ one: 1 }])
  })

  it('cancels a script aborted before its statement has reached the session', async () => {
    const db = open({})
    for (let i = 0; i < 5; i++) {
      const controller = new AbortController()
      const sleeping = db.script('select pg_sleep(30)', { signal: controller.signal })
      // the next turn of the event loop: the session is connected, the statement maybe not yet started
      await new Promise((resolve) => setImmediate(resolve))
      controller.abort()
      await expect(sleeping).rejects.toMatchObject(cancelled)
    }
    expect((await db.script('select 1 as one'))[0]!.rows).toEqual([{ one: 1 }])
  })

  it('fails with 503 when no connection comes free in time', async () => {
    const db = open({ waitTimeoutMs: 300 })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const holding: Promise<unknown>[] = []
    const started: Promise<unknown>[] = []
    for (let i = 0; i < 20; i++) {
      let began!: () => void
      started.push(new Promise<void>((resolve) => (began = resolve)))
      const held = db.transaction(async () => {
        began()
        await gate
      })
      holding.push(held)
      started[i] = Promise.race([started[i], outcome(held)])
    }
    await Promise.all(started) // every transaction holds a connection, or has given up waiting for one
    await expect(db.query('select 1')).rejects.toMatchObject(busy(0.3))
    release()
    const outcomes = await Promise.all(holding.map(outcome))
    expect(outcomes).toContain('done')
    expect(outcomes).toContain(503)
    expect(outcomes.every((o) => o === 'done' || o === 503)).toBe(true)
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })
})
