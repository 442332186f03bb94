/**
 * `npm run bench:logs`: what recording the logs costs the request path (issue 16: at most 5% of throughput).
 * The same load runs, turn about, on two studios alike but for STUDIO_LOGS (on, off), in one run:
 * - `rest`: a REST read with the anon key (an edge, a postgrest and a postgres event per request);
 * - `query`: `select 1` through the dashboard's /query (an edge and a postgres event).
 * On PGlite always, and on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is set (a database of the bench's
 * own, dropped after). Prints one JSON line per database, case and concurrency: each side's req/s and
 * on/off (the median of each round's ratio), then the events the logging side wrote and dropped.
 *
 *   npm run bench:logs          BENCH_REQUESTS=5000 BENCH_ROUNDS=5 for steadier figures
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStudio, type Studio, type StudioOptions } from '../src/server/app'
import { queryLogs } from '../src/server/logs/query'
import { DEFAULT_PROJECT_REF } from '../src/shared/constants'
import { BENCH_AUTH, BENCH_TOKEN } from './support/auth'
import { compare, loadClient, summarize, withBenchDatabase, type Target } from './support/load'

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const PLAN = { concurrency: [1, 10, 50], rounds: ROUNDS, requests: REQUESTS, warmUp: 300 }
const ROWS = 10
const SCHEMA = `
create table if not exists public.bench_logs_items (id int primary key, label text not null);
insert into public.bench_logs_items select i, 'item ' || i from generate_series(1, ${ROWS}) i on conflict do nothing;
alter table public.bench_logs_items enable row level security;
drop policy if exists "anon reads" on public.bench_logs_items;
create policy "anon reads" on public.bench_logs_items for select to anon using (true);
grant select on public.bench_logs_items to anon;`

const load = loadClient()

async function targets(studio: Studio): Promise<Record<'rest' | 'query', Target>> {
  const { anonKey } = await studio.auth.keys.secrets(DEFAULT_PROJECT_REF)
  return {
    rest: {
      url: `${studio.url}/api/projects/${DEFAULT_PROJECT_REF}/rest/v1/bench_logs_items?select=id,label`,
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' },
      method: 'GET',
      expectedItems: ROWS,
    },
    query: {
      url: `${studio.url}/platform/pg-meta/${DEFAULT_PROJECT_REF}/query`,
      headers: BENCH_AUTH,
      body: JSON.stringify({ query: 'select 1' }),
      expected: JSON.stringify([{ '?column?': 1 }]),
    },
  }
}

async function bench(database: string, on: Studio, off: Studio) {
  await on.db.exec(SCHEMA)
  const [onTargets, offTargets] = [await targets(on), await targets(off)]
  for (const name of ['rest', 'query'] as const) {
    const sides = [{ name: 'on', target: onTargets[name] }, { name: 'off', target: offTargets[name] }]
    const figures = await compare(load, PLAN, sides)
    for (const line of summarize(PLAN, figures, ['on', 'off'], { bench: 'logs', database, case: name }, false)) console.log(JSON.stringify(line))
  }
  await on.logs.flush()
  const counted = await queryLogs(await on.store.get(), on.logs.store, {
    sql: `select (select count(*) from edge_logs)::int as edge, (select count(*) from postgrest_logs)::int as postgrest,
                 (select count(*) from postgres_logs)::int as postgres`,
  })
  console.log(JSON.stringify({ bench: 'logs', database, events_written: counted.result[0], events_dropped: on.logs.collector?.dropped ?? 0 }))
}

const base: StudioOptions = { port: 0, serveStatic: false, logger: false, token: BENCH_TOKEN }
const dir = await mkdtemp(join(tmpdir(), 'studio-bench-logs-'))
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined
try {
  if (serverUrl) {
    await withBenchDatabase(serverUrl, 'bench_logs', async ({ url }) => {
      const on = await startStudio({ ...base, dataDir: join(dir, 'pg-on'), databaseUrl: url })
      const off = await startStudio({ ...base, dataDir: join(dir, 'pg-off'), databaseUrl: url, logs: { enabled: false } })
      try {
        await bench('postgres', on, off)
      } finally {
        await off.close()
        await on.close()
      }
    })
  }
  const on = await startStudio({ ...base, dataDir: join(dir, 'on') })
  const off = await startStudio({ ...base, dataDir: join(dir, 'off'), logs: { enabled: false } })
  try {
    await off.db.exec(SCHEMA)
    await bench('pglite', on, off)
  } finally {
    await off.close()
    await on.close()
  }
} finally {
  await load.close()
  await rm(dir, { recursive: true, force: true })
}
