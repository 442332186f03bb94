/**
 * `npm run bench:rest`: the project REST API (`GET /api/projects/{ref}/rest/v1/…`, PostgREST 12 compatible)
 * beside a minimal Fastify server running the SQL PostgREST would run for the same request, in one run:
 * - `list`:  GET /books?select=*&limit=100
 * - `embed`: GET /books?select=*,author:authors(*)&limit=100 (books: 1,000 rows referencing 100 authors)
 *
 * The studio side is called with the anon key (RLS on, a `using (true)` select policy for anon), as an app's
 * supabase-js would; the minimal side runs one statement as the database owner (no role switch, no RLS):
 * `json_agg` of the rows, the embedding as a LEFT JOIN LATERAL with row_to_json, as PostgREST builds them.
 * On PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set (a database of the bench's own, dropped at the
 * end; Fastify + a pg pool), and always on PGlite (the studio's worker thread beside PGlite in a thread).
 *
 * Each side gets BENCH_REQUESTS requests (default 2,000) at concurrency 1, 10 and 50 after a warm-up, the
 * sides taking turns for BENCH_ROUNDS rounds (default 3). Prints one JSON line per database, request and
 * concurrency (median round's req/s, best, worst, p50/p99 ms, busy µs per request, studio/minimal ratios),
 * then a table.
 *
 *   TEST_DATABASE_URL=postgres://… npm run bench:rest      BENCH_PG_ONLY=1 skips PGlite
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startStudio, type Studio } from '../src/server/app'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { BENCH_TOKEN } from './support/auth'
import { compare, loadClient, minimalServer, pgliteThread, summarize, withBenchDatabase, type Target } from './support/load'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const PLAN = { concurrency: [1, 10, 50], rounds: ROUNDS, requests: REQUESTS, warmUp: 300 }
const LIMIT = 100

const SEED = `
create table public.authors (id int primary key, name text not null, country text, born date);
create table public.books (
  id int primary key,
  title text not null,
  author_id int not null references public.authors (id),
  pages int,
  published date,
  data jsonb
);
create index books_author_id on public.books (author_id);
insert into public.authors select i, 'Author ' || i, (array['FR','GB','US','JP'])[1 + i % 4], date '1950-01-01' + i * 100
  from generate_series(1, 100) i;
insert into public.books select i, 'Book number ' || i, 1 + i % 100, 100 + i % 700, date '2000-01-01' + i,
  jsonb_build_object('isbn', 9780000000000 + i, 'tags', jsonb_build_array('a', 'b'))
  from generate_series(1, 1000) i;
analyze public.authors;
analyze public.books;`

/** the studio's side: anon reads everything through RLS */
const POLICIES = `
alter table public.authors enable row level security;
alter table public.books enable row level security;
create policy "anon reads authors" on public.authors for select to anon using (true);
create policy "anon reads books" on public.books for select to anon using (true);
grant select on public.authors, public.books to anon;`

interface Case {
  name: 'list' | 'embed'
  /** the query string of the REST call */
  query: string
  /** what PostgREST 12 runs for it */
  sql: string
}

const CASES: Case[] = [
  {
    name: 'list',
    query: `select=*&limit=${LIMIT}`,
    sql: `select pg_catalog.count(_t) as page_total, coalesce(json_agg(_t), '[]')::text as body
            from (select "public"."books".* from "public"."books" limit ${LIMIT} offset 0) _t`,
  },
  {
    name: 'embed',
    query: `select=*,author:authors(*)&limit=${LIMIT}`,
    sql: `select pg_catalog.count(_t) as page_total, coalesce(json_agg(_t), '[]')::text as body
            from (select "public"."books".*, row_to_json("books_author_1".*)::jsonb as "author"
                    from "public"."books"
                    left join lateral (select "authors_1".* from "public"."authors" as "authors_1"
                                        where "authors_1"."id" = "public"."books"."author_id") as "books_author_1" on true
                   limit ${LIMIT} offset 0) _t`,
  },
]

/** The minimal server: GET /{case} answers the body its SQL builds. */
async function minimalRest(run: (sql: string) => Promise<string>) {
  const server = await minimalServer((app) => {
    for (const c of CASES) app.get(`/${c.name}`, async (_req, reply) => reply.type('application/json; charset=utf-8').send(await run(c.sql)))
  })
  return { target: (c: Case): Target => ({ url: `${server.url}/${c.name}`, headers: {}, method: 'GET', expectedItems: LIMIT }), close: server.close }
}

async function studioRest(studio: Studio) {
  await studio.db.exec(POLICIES)
  const { anonKey } = await studio.auth.keys.secrets(DEFAULT_PROJECT_REF)
  const base = `${studio.url}/api/projects/${DEFAULT_PROJECT_REF}/rest/v1/books`
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' }
  return (c: Case): Target => ({ url: `${base}?${c.query}`, headers, method: 'GET', expectedItems: LIMIT })
}

const load = loadClient()
const table: Record<string, unknown>[] = []

async function bench(database: string, studio: (c: Case) => Target, minimal: (c: Case) => Target, sessions?: () => Promise<number>) {
  for (const c of CASES) {
    const sides = [{ name: 'studio', target: studio(c) }, { name: 'minimal', target: minimal(c) }]
    const figures = await compare(load, PLAN, sides, sessions)
    for (const line of summarize(PLAN, figures, ['studio', 'minimal'], { bench: 'rest', database, case: c.name, query: c.query }, sessions !== undefined)) {
      console.log(JSON.stringify(line))
      table.push(line)
    }
  }
}

function printTable() {
  const rows = table.map((l) => {
    const s = l.studio as { rps: number; p50_ms: number }
    const m = l.minimal as { rps: number; p50_ms: number }
    return [l.database, l.case, l.concurrency, s.rps, m.rps, l.ratio, s.p50_ms, m.p50_ms].map(String)
  })
  const head = ['database', 'case', 'conc', 'studio req/s', 'minimal req/s', 'ratio', 'studio p50 ms', 'minimal p50 ms']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}`)
}

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
const dir = await mkdtemp(join(tmpdir(), 'studio-bench-rest-'))
const studioOptions = { port: 0, serveStatic: false, logger: false, token: BENCH_TOKEN }
try {
  if (serverUrl) {
    await withBenchDatabase(serverUrl, 'bench_rest', async ({ url: databaseUrl, sessions }) => {
      const studio = await startStudio({ ...studioOptions, dataDir: join(dir, 'pg'), databaseUrl })
      const pool = new pg.Pool({ connectionString: databaseUrl })
      pool.on('error', () => undefined) // its idle sessions end when the database is dropped
      try {
        await studio.db.exec(SEED)
        const minimal = await minimalRest(async (sql) => (await pool.query<{ body: string }>(sql)).rows[0]!.body)
        try {
          await bench('postgres', await studioRest(studio), minimal.target, sessions)
        } finally {
          await minimal.close()
        }
      } finally {
        await pool.end()
        await studio.close()
      }
    })
  }
  if (!process.env.BENCH_PG_ONLY) {
    const studio = await startStudio({ ...studioOptions, dataDir: join(dir, 'pglite') })
    const thread = await pgliteThread(join(dir, 'minimal'))
    try {
      await studio.db.exec(SEED)
      await thread.query(SEED)
      const minimal = await minimalRest(async (sql) => (await thread.query<{ body: string }>(sql, []))[0]!.body)
      try {
        await bench('pglite', await studioRest(studio), minimal.target)
      } finally {
        await minimal.close()
      }
    } finally {
      await thread.close()
      await studio.close()
    }
  }
  printTable()
} finally {
  await load.close()
  await rm(dir, { recursive: true, force: true })
}
