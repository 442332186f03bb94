/** Snippet titles and descriptions derived from the SQL (no AI service), and the route that answers them. */
import { describe, expect, it } from 'vitest'
import { titleOf } from '../../src/server/content/title'
import { ApiError } from '../../src/web/data/api'
import { targets } from '../support/context'
import { client } from './support/http'

describe('titleOf', () => {
  it.each([
    ['create table orders (id bigint primary key, total numeric)', 'Create table orders', 'Creates table orders.'],
    ['select country, count(*) from users group by country', 'Count users by country', 'Counts rows in users by country.'],
    ['select * from orders where total > 10', 'Select from orders', 'Selects rows from orders.'],
    ['insert into x (a) values (1)', 'Insert into x', 'Inserts rows into x.'],
    ['update x set a = 1 where id = 2', 'Update x', 'Updates rows in x.'],
    ['delete from only x where id = 2', 'Delete from x', 'Deletes rows from x.'],
    ['alter table x add column y int', 'Alter table x', 'Alters table x.'],
    ['create policy "Own rows" on t for select using (true)', 'Create policy Own rows on t', 'Creates policy Own rows on t.'],
    ['create unique index concurrently if not exists t_a on public.t (a)', 'Create index on public.t', 'Creates an index on public.t.'],
    ['drop table if exists a, b cascade', 'Drop table a and b', 'Drops table a and b.'],
    ['create or replace view "Big Orders" as select 1', 'Create view Big Orders', 'Creates view Big Orders.'],
    ['create extension if not exists pg_trgm', 'Create extension pg_trgm', 'Creates extension pg_trgm.'],
    ['Select Sum(o.amount) from Orders o join users u on u.id = o.user_id group by u.country', 'Total amount in orders and users by country', 'Totals amount in orders and users by country.'],
    ['with recent as (select * from orders) select count(*) from recent', 'Count recent', 'Counts rows in recent.'],
    ['explain analyze select * from t', 'Explain select from t', 'Explains a query that selects rows from t.'],
    ['grant select on table orders to anon', 'Grant privileges on orders', 'Grants privileges on orders.'],
    ['truncate table logs', 'Truncate logs', 'Truncates logs.'],
    ['select now()', 'Select values', 'Selects values.'],
    ['do $$ begin perform 1; end $$', 'Run a code block', 'Runs a code block.'],
    ['vacuum orders', 'Vacuum', 'Runs VACUUM.'],
    ['-- only a comment\n/* and /* nested */ another */', 'Untitled query', ''],
  ])('%s', (sql, title, description) => {
    expect(titleOf(sql)).toEqual({ title, description })
  })

  it('names every statement in one sentence, says it for the same table, and skips transaction framing', () => {
    expect(titleOf('begin; create table orders (id int); insert into orders values (1); commit;')).toEqual({
      title: 'Create table orders',
      description: 'Creates table orders and inserts rows into it.',
    })
    expect(titleOf("-- seed; not a statement\ninsert into a values (';'); select 'x;y' from b; update b set c = $t$;$t$").description).toBe(
      'Inserts rows into a, selects rows from b and updates rows in it.',
    )
    expect(titleOf('create table a (); create table b (); create table c (); create table d (); create table e (); create table f ()').description).toBe(
      'Creates table a, creates table b, creates table c, creates table d and runs 2 more statements.',
    )
  })
})

describe.each(targets())('POST /api/ai/sql/title on $name', (target) => {
  const { api, send } = client(target.url)

  it('answers the derived title and description', async () => {
    expect(await api.sqlTitle('create table orders (id int); insert into orders values (1)')).toEqual({
      title: 'Create table orders',
      description: 'Creates table orders and inserts rows into it.',
    })
  })

  it('refuses a body without sql', async () => {
    await expect(api.sqlTitle('')).rejects.toEqual(new ApiError('sql is required', 400))
    expect(await send('POST', '/api/ai/sql/title', {})).toEqual({ status: 400, body: { message: 'sql is required', code: 400 } })
  })
})
