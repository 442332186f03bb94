/**
 * `npm run bench:catalog`: the Database pages' catalog reads at 10,000 relations, beside postgres-meta's own
 * queries on the same PostgreSQL database (issue 15).
 *
 * In a database of its own on the server of TEST_DATABASE_URL / DATABASE_URL (else the local server,
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end, it makes BENCH_SCHEMAS schemas (default 10)
 * of tables (a few columns, a primary key, every third a foreign key to the one before, every tenth an extra
 * index) and views, 10,000 relations in all (BENCH_RELATIONS), plus BENCH_FUNCTIONS functions (300), a trigger
 * on every 40th table, and 20 enums. Then, for each endpoint of ours that exists in src/shared/contract:
 *
 * - ours over HTTP: the studio's GET /platform/pg-meta/{ref}/… (the route, its SQL, JSON);
 * - ours as SQL only: the same server function called on our PostgreSQL driver, no HTTP (where the bench
 *   knows the function: the lists in src/server/pgmeta/{tables,schemas,views,roles,policies,extensions}.ts);
 * - postgres-meta as SQL only: its own list functions (v0.99.0, fetched from npm into
 *   node_modules/.cache/postgres-meta-0.99.0 at bench time, never copied into this repository) running their
 *   SQL on a pg client. That is their SQL without their HTTP: compare it with ours as SQL only.
 *
 * Cold: BENCH_COLD (3) runs each on a fresh connection (empty catalog caches); ours over HTTP, its first
 * call. Warm: BENCH_ROUNDS (15) rounds, the sides taking turns in a rotating order (3 for a side whose cold
 * read took over 5 s). A read is stopped after BENCH_TIMEOUT_MS (30 s: statement_timeout) and shown as a
 * timeout. It prints a table per phase (p50/p95 in ms and ratios ours/theirs), a JSON line per endpoint, and
 * which of ours is over 2× theirs (warm p50, by more than 5 ms: ours as SQL where it has it, else over
 * HTTP); it asserts nothing.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:catalog
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { startStudio } from '../src/server/app'
import { openPostgres } from '../src/server/db/postgres'
import type { Driver } from '../src/server/db/driver'
import { listExtensions } from '../src/server/pgmeta/extensions'
import { listPolicies } from '../src/server/pgmeta/policies'
import { listRoles } from '../src/server/pgmeta/roles'
import { listSchemas } from '../src/server/pgmeta/schemas'
import { listTables } from '../src/server/pgmeta/tables'
import { listViews } from '../src/server/pgmeta/views'
import { endpoints } from '../src/shared/contract'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'
import { withBenchDatabase } from './support/load'

const PG_META_VERSION = '0.99.0'
const PG_FORMAT_VERSION = '1.0.4'
const RELATIONS = Number(process.env.BENCH_RELATIONS ?? 10_000)
const SCHEMAS = Number(process.env.BENCH_SCHEMAS ?? 10)
const FUNCTIONS = Number(process.env.BENCH_FUNCTIONS ?? 300)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const COLD = Number(process.env.BENCH_COLD ?? 3)
/** a read that takes longer is stopped (statement_timeout) and shown as a timeout */
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000)
/** a side whose cold read took longer than this gets SLOW_ROUNDS warm rounds, not ROUNDS */
const SLOW_MS = 5_000
const SLOW_ROUNDS = 3
/** a difference under this is not called slower, whatever the ratio (an HTTP request alone costs a few ms) */
const NOISE_MS = 5
/** one view in this many relations */
const VIEW_EVERY = 10
const ONE_SCHEMA = 'bench_3'

// ---- postgres-meta, from npm ----

type MetaQuery = (sql: string) => Promise<{ data: unknown[] | null; error: { message: string } | null }>
type MetaClass = new (query: MetaQuery) => { list(opts?: object): Promise<{ data: unknown[] | null; error: { message: string } | null }> }

/** npm pack of a package into dir, unpacked as dir/<into> (once: later runs reuse it). */
function unpack(spec: string, dir: string, into: string): string {
  const target = join(dir, into)
  if (existsSync(join(target, 'package.json'))) return target
  mkdirSync(dir, { recursive: true })
  const file = execFileSync('npm', ['pack', spec, '--pack-destination', dir, '--silent'], { encoding: 'utf8' }).trim().split('\n').at(-1)!
  const tmp = join(dir, `.unpack-${process.pid}`)
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  execFileSync('tar', ['xzf', join(dir, file), '-C', tmp])
  mkdirSync(join(target, '..'), { recursive: true })
  renameSync(join(tmp, 'package'), target)
  rmSync(tmp, { recursive: true, force: true })
  return target
}

/** postgres-meta's list classes (dist/lib/PostgresMeta*.js, whose SQL is in dist/lib/sql/*.sql.js), with pg-format beside them. */
async function postgresMeta(): Promise<Record<string, MetaClass>> {
  const cache = resolve('node_modules/.cache', `postgres-meta-${PG_META_VERSION}`)
  const pkg = unpack(`@supabase/postgres-meta@${PG_META_VERSION}`, cache, 'package')
  // their modules import pg-format (their one dependency these files need): resolved from the package's node_modules
  unpack(`pg-format@${PG_FORMAT_VERSION}`, cache, 'package/node_modules/pg-format')
  const lib = join(pkg, 'dist/lib')
  const classes: Record<string, MetaClass> = {}
  for (const file of readdirSync(lib).filter((f) => /^PostgresMeta\w+\.js$/.test(f))) {
    const mod = (await import(pathToFileURL(join(lib, file)).href)) as { default: MetaClass }
    classes[file.slice('PostgresMeta'.length, -3)] = mod.default
  }
  return classes
}

// ---- the catalog ----

/** tables made per transaction: each holds a few locks per table in the server's shared lock table */
const BATCH = 100

/** fn again (up to 5 times, a second apart) while the server's lock table is full (other sessions' work): SQLSTATE 53200. */
async function retried<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn()
    } catch (e) {
      if ((e as { code?: string }).code !== '53200' || i >= 4) throw e
      await new Promise((r) => setTimeout(r, 1000))
    }
  }
}

async function makeCatalog(url: string): Promise<{ tables: number; views: number }> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const perSchema = Math.ceil(RELATIONS / SCHEMAS)
  const viewsPerSchema = Math.floor(perSchema / VIEW_EVERY)
  const tablesPerSchema = perSchema - viewsPerSchema
  try {
    await client.query(`do $$ begin for e in 1..20 loop
      execute format('create type public.bench_enum_%s as enum (%L, %L, %L)', e, 'a', 'b', 'c'); end loop; end $$`)
    await client.query(`create function public.bench_touch() returns trigger language plpgsql as $$ begin new.updated_at := now(); return new; end $$`)
    for (let s = 0; s < SCHEMAS; s++) {
      const schema = `bench_${s}`
      await client.query(`create schema ${schema}`)
      // tables in batches (one transaction each: a few locks per relation, well under max_locks_per_transaction * max_connections)
      for (let from = 1; from <= tablesPerSchema; from += BATCH) {
        const to = Math.min(tablesPerSchema, from + BATCH - 1)
        await retried(() => client.query(`do $$ begin for i in ${from}..${to} loop
          execute format('create table ${schema}.t_%s (id bigint generated by default as identity primary key, name text not null, status public.bench_enum_%s, amount numeric(12, 2), created_at timestamptz default now(), updated_at timestamptz%s)',
            i, 1 + i % 20, case when i % 3 = 0 and i > 1 then format(', parent_id bigint references ${schema}.t_%s (id)', i - 1) else '' end);
          if i % 10 = 0 then execute format('create index on ${schema}.t_%s (name, created_at)', i); end if;
          if i % 40 = 0 then execute format('create trigger t_%s_touch before update on ${schema}.t_%s for each row execute function public.bench_touch()', i, i); end if;
        end loop; end $$`))
      }
      await client.query(`do $$ begin for i in 1..${viewsPerSchema} loop
        execute format('create view ${schema}.v_%s as select id, name, status from ${schema}.t_%s', i, 1 + (i - 1) % ${tablesPerSchema});
      end loop; end $$`)
    }
    await client.query(`do $$ begin for i in 1..${FUNCTIONS} loop
      execute format('create function public.bench_fn_%s(a int, b text default null) returns int language sql stable as %L', i, 'select a + ' || i);
    end loop; end $$`)
    await client.query('analyze')
  } finally {
    await client.end()
  }
  return { tables: tablesPerSchema * SCHEMAS, views: viewsPerSchema * SCHEMAS }
}

// ---- what is timed ----

interface Case {
  label: string
  /** our GET path under /platform/pg-meta/{ref}, with its query string; undefined: no such endpoint yet */
  http?: string
  /** ours without HTTP: the server function on our driver */
  ours?: (db: Driver) => Promise<unknown[]>
  /** postgres-meta's list: its class and options */
  theirs?: { cls: string; opts: object }
}

/** Our GET endpoint of a kind, if src/shared/contract has it (other pages are being written beside this bench). */
function ourPath(kind: string, query = ''): string | undefined {
  const found = Object.values(endpoints).find((e) => e.method === 'GET' && e.path === `/platform/pg-meta/:ref/${kind}`)
  return found ? `/platform/pg-meta/${DEFAULT_PROJECT_REF}/${kind}${query}` : undefined
}

function cases(): Case[] {
  const one = { included_schemas: [ONE_SCHEMA] }
  return [
    { label: 'schemas', http: ourPath('schemas'), ours: (db) => listSchemas(db), theirs: { cls: 'Schemas', opts: {} } },
    { label: 'tables', http: ourPath('tables'), ours: (db) => listTables(db, {}), theirs: { cls: 'Tables', opts: { includeColumns: false } } },
    {
      label: `tables+columns (${ONE_SCHEMA})`, http: ourPath('tables', `?include_columns=true&included_schemas=${ONE_SCHEMA}`),
      ours: (db) => listTables(db, { ...one, include_columns: true }), theirs: { cls: 'Tables', opts: { includedSchemas: [ONE_SCHEMA], includeColumns: true } },
    },
    { label: 'views', http: ourPath('views'), ours: (db) => listViews(db, 'view', {}), theirs: { cls: 'Views', opts: { includeColumns: true } } }, // ours always has the columns
    { label: 'extensions', http: ourPath('extensions'), ours: (db) => listExtensions(db), theirs: { cls: 'Extensions', opts: {} } },
    { label: 'roles', http: ourPath('roles'), ours: (db) => listRoles(db), theirs: { cls: 'Roles', opts: {} } },
    { label: 'policies', http: ourPath('policies'), ours: (db) => listPolicies(db, {}), theirs: { cls: 'Policies', opts: {} } },
    // the pages written beside this bench: over HTTP only
    { label: 'functions', http: ourPath('functions'), theirs: { cls: 'Functions', opts: {} } },
    { label: 'triggers', http: ourPath('triggers'), theirs: { cls: 'Triggers', opts: {} } },
    { label: 'indexes', http: ourPath('indexes'), theirs: { cls: 'Indexes', opts: {} } },
    { label: 'types', http: ourPath('types'), theirs: { cls: 'Types', opts: {} } },
    { label: 'publications', http: ourPath('publications'), theirs: { cls: 'Publications', opts: {} } },
  ]
}

type Side = 'http' | 'ours' | 'theirs'
const SIDES: Side[] = ['http', 'ours', 'theirs']

async function time(fn: () => Promise<number>): Promise<{ ms: number; items: number }> {
  const t = performance.now()
  const items = await fn()
  return { ms: performance.now() - t, items }
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}
const f = (n: number) => (Number.isNaN(n) ? '—' : n < 10 ? n.toFixed(2) : n.toFixed(1))
const ratio = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? '—' : `${(a / b).toFixed(2)}×`)

// ---- run ----

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const meta = await postgresMeta()
const dir = await mkdtemp(join(tmpdir(), 'studio-bench-catalog-'))
try {
  await withBenchDatabase(serverUrl, 'bench_catalog', async ({ url }) => {
    const made = performance.now()
    const counts = await makeCatalog(url)
    console.log(`catalog: ${counts.tables} tables + ${counts.views} views in ${SCHEMAS} schemas, ${FUNCTIONS} functions, 20 enums, made in ${((performance.now() - made) / 1000).toFixed(0)} s`)

    const studio = await startStudio({ port: 0, serveStatic: false, logger: false, token: BENCH_TOKEN, dataDir: join(dir, 'studio'), databaseUrl: url })
    const ours = openPostgres(url, { statementTimeoutMs: TIMEOUT_MS })
    const theirsOptions = { connectionString: url, options: `-c statement_timeout=${TIMEOUT_MS}` }
    const theirsPool = new pg.Pool({ ...theirsOptions, max: 1 })
    const metaQuery = (client: pg.Pool | pg.Client): MetaQuery => async (sql) => {
      try {
        const res = await client.query(sql)
        return { data: (Array.isArray(res) ? res.at(-1)!.rows : res.rows) as unknown[], error: null }
      } catch (e) {
        return { data: null, error: { message: (e as Error).message } }
      }
    }
    const runSide = async (c: Case, side: Side, fresh: boolean): Promise<number> => {
      if (side === 'http') {
        const res = await fetch(`${studio.url}${c.http}`, { headers: BENCH_AUTH })
        if (!res.ok) throw new Error(`${c.http}: ${res.status} ${await res.text()}`)
        return ((await res.json()) as unknown[]).length
      }
      if (side === 'ours') {
        if (!fresh) return (await c.ours!(ours)).length
        const db = openPostgres(url, { statementTimeoutMs: TIMEOUT_MS })
        try {
          return (await c.ours!(db)).length
        } finally {
          await db.close()
        }
      }
      const Cls = meta[c.theirs!.cls]
      if (!Cls) throw new Error(`postgres-meta has no PostgresMeta${c.theirs!.cls}`)
      const client = fresh ? new pg.Client(theirsOptions) : theirsPool
      if (fresh) await (client as pg.Client).connect()
      try {
        const { data, error } = await new Cls(metaQuery(client)).list(c.theirs!.opts)
        if (error) throw new Error(`postgres-meta ${c.theirs!.cls}: ${error.message}`)
        return data!.length
      } finally {
        if (fresh) await (client as pg.Client).end()
      }
    }
    const has = (c: Case, side: Side) => (side === 'http' ? c.http !== undefined : side === 'ours' ? c.ours !== undefined : c.theirs !== undefined)
    /** case label + side → why it stopped (a timeout, an error): no further runs */
    const stopped = new Map<string, string>()
    const attempt = async (c: Case, side: Side, fresh: boolean): Promise<{ ms: number; items: number } | undefined> => {
      const key = `${c.label}|${side}`
      if (stopped.has(key)) return undefined
      try {
        return await time(() => runSide(c, side, fresh))
      } catch (e) {
        const message = (e as Error).message
        stopped.set(key, /statement timeout|canceling statement/i.test(message) || /\b(500|503)\b.*timeout/i.test(message) ? `> ${TIMEOUT_MS / 1000} s` : `error: ${message.slice(0, 120)}`)
        console.log(`${c.label}, ${side}: ${stopped.get(key)}`)
        return undefined
      }
    }

    const list = cases()
    const cold = new Map<string, Record<Side, number[]>>()
    const warm = new Map<string, Record<Side, number[]>>()
    const items = new Map<string, Partial<Record<Side, number>>>()
    for (const c of list) {
      cold.set(c.label, { http: [], ours: [], theirs: [] })
      warm.set(c.label, { http: [], ours: [], theirs: [] })
      items.set(c.label, {})
    }
    // cold: fresh connections (ours over HTTP: its first call), the sides in turn
    for (let r = 0; r < COLD; r++) {
      for (const c of list) {
        for (const side of SIDES) {
          if (!has(c, side) || (side === 'http' && r > 0)) continue
          const got = await attempt(c, side, true)
          if (!got) continue
          cold.get(c.label)![side].push(got.ms)
          items.get(c.label)![side] = got.items
        }
      }
    }
    // warm: rounds, the order of the sides rotating
    for (let r = 0; r < ROUNDS; r++) {
      for (const c of list) {
        for (let k = 0; k < SIDES.length; k++) {
          const side = SIDES[(k + r) % SIDES.length]!
          if (!has(c, side)) continue
          if (r >= SLOW_ROUNDS && pct(cold.get(c.label)![side], 50) > SLOW_MS) continue
          const got = await attempt(c, side, false)
          if (!got) continue
          warm.get(c.label)![side].push(got.ms)
          items.get(c.label)![side] = got.items
        }
      }
    }

    const header = ['endpoint', 'items (ours/theirs)', 'ours HTTP p50/p95', 'ours SQL p50/p95', 'postgres-meta SQL p50/p95', 'ours SQL ÷ theirs', 'ours HTTP ÷ theirs']
    const slow: string[] = []
    for (const [phase, figures] of [['cold (fresh connection)', cold], ['warm', warm]] as const) {
      const rows = list.map((c) => {
        const x = figures.get(c.label)!
        const n = items.get(c.label)!
        const p = (side: Side) => [pct(x[side], 50), pct(x[side], 95)] as const
        const shown = (side: Side, a: number, b: number) => (Number.isNaN(a) && stopped.has(`${c.label}|${side}`) ? stopped.get(`${c.label}|${side}`)! : `${f(a)} / ${f(b)}`)
        const [h50, h95] = p('http')
        const [o50, o95] = p('ours')
        const [t50, t95] = p('theirs')
        if (phase === 'warm') {
          // ours as SQL where the bench has it, else over HTTP (whose request and JSON cost a few ms of their own)
          const ourBest = Number.isNaN(o50) ? h50 : o50
          if (ourBest > 2 * t50 && ourBest - t50 > NOISE_MS) {
            slow.push(`${c.label}: ours ${f(ourBest)} ms${Number.isNaN(o50) ? ' over HTTP' : ' as SQL'} vs postgres-meta ${f(t50)} ms as SQL (p50, warm)`)
          }
          console.log(JSON.stringify({ bench: 'catalog', endpoint: c.label, items: n, stopped: Object.fromEntries(SIDES.filter((sd) => stopped.has(`${c.label}|${sd}`)).map((sd) => [sd, stopped.get(`${c.label}|${sd}`)])), http: { p50: h50, p95: h95 }, ours_sql: { p50: o50, p95: o95 }, postgres_meta_sql: { p50: t50, p95: t95 }, cold_ms: { http: cold.get(c.label)!.http[0] ?? null, ours_sql: pct(cold.get(c.label)!.ours, 50), postgres_meta_sql: pct(cold.get(c.label)!.theirs, 50) } }))
        }
        return [
          c.label + (c.http ? '' : ' (no endpoint yet)'),
          `${n.http ?? n.ours ?? '—'}/${n.theirs ?? '—'}`,
          shown('http', h50, h95), shown('ours', o50, o95), shown('theirs', t50, t95),
          ratio(o50, t50), ratio(h50, t50),
        ]
      })
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
      const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
      console.log(`\n${phase}: ms, ${phase.startsWith('cold') ? `${COLD} runs each (ours over HTTP: its first call)` : `${ROUNDS} rounds`}; postgres-meta ${PG_META_VERSION} is its SQL on a pg client without its HTTP: compare it with "ours SQL"`)
      console.log(line(header))
      for (const r of rows) console.log(line(r))
    }
    console.log(slow.length
      ? `\nslower than 2× postgres-meta (warm p50, and by more than ${NOISE_MS} ms):\n  ${slow.join('\n  ')}`
      : `\nnone of ours is slower than 2× postgres-meta (warm p50; differences under ${NOISE_MS} ms aside)`)

    await theirsPool.end()
    await ours.close()
    await studio.close()
  })
} finally {
  await rm(dir, { recursive: true, force: true })
}
