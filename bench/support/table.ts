/** The benchmarks' sample table: `rows` typed rows in public.<name>, made once and kept for reuse. */
import type { Driver } from '../../src/server/db/driver'

/** `name` is the text column's value for row g, as SQL over `g` (export uses one that needs CSV quoting). */
export async function prepareBenchTable(db: Driver, table: string, rows: number, name = `'Customer ' || g`): Promise<number> {
  const qualified = `public.${table}`
  await db.query(`create table if not exists ${qualified} (
    id bigint generated always as identity primary key,
    name text not null,
    email text not null,
    amount numeric(10, 2) not null,
    quantity integer not null,
    active boolean not null,
    created_at timestamptz not null,
    details jsonb not null
  )`)
  const found = await db.query<{ max: string | null }>(`select max(id) as max from ${qualified}`)
  if (Number(found.rows[0]?.max ?? 0) !== rows) {
    await db.query(`truncate ${qualified} restart identity`)
    await db.query(`insert into ${qualified} (name, email, amount, quantity, active, created_at, details)
      select ${name}, 'customer' || g || '@example.com', (g % 100000) / 100.0, g % 50, g % 3 <> 0,
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute', jsonb_build_object('tier', g % 5, 'note', 'n' || g)
      from generate_series(1, ${rows}) g`)
    await db.query(`vacuum analyze ${qualified}`)
  }
  return (await db.query<{ oid: number }>(`select '${qualified}'::regclass::oid as oid`)).rows[0]!.oid
}
