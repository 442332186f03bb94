/** The demo schema: related sample data, an enum, a view and RLS; loading it again changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap } from '../../src/server/db/bootstrap'
import { loadDemo } from '../../src/server/db/demo'
import type { Queryable } from '../../src/server/db/driver'
import { openTestDrivers, type TestDrivers } from './support/drivers'

const SUMMARY = `
select
  (select count(*)::int from public.customers) as customers,
  (select count(*)::int from public.products) as products,
  (select count(*)::int from public.orders) as orders,
  (select count(*)::int from public.order_items) as order_items,
  (select md5(string_agg(o::text, ',' order by o.id)) from public.orders o) as orders_digest,
  (select count(*)::int from public.order_totals) as totals`

const summary = async (db: Queryable) => (await db.query(SUMMARY)).rows[0]

let opened: TestDrivers
beforeAll(async () => {
  opened = await openTestDrivers()
  for (const db of opened.all) {
    await bootstrap(db)
    await loadDemo(db)
  }
})
afterAll(() => opened.close())

describe('demo schema', () => {
  it('holds a few hundred related rows, the same on every database', async () => {
    const first = await summary(opened.all[0]!)
    expect(first).toMatchObject({ customers: 60, products: 40, orders: 300, totals: 300 })
    expect(first?.order_items).toBeGreaterThan(600)
    for (const db of opened.all) expect(await summary(db)).toEqual(first)
  })

  it('changes nothing when loaded again', async () => {
    for (const db of opened.all) {
      const before = await summary(db)
      await loadDemo(db)
      expect(await summary(db)).toEqual(before)
    }
  })

  it('shows a signed-in customer only their own row', async () => {
    for (const db of opened.all) {
      const [customer] = (await db.query<{ user_id: string; email: string }>('select user_id, email from public.customers where id = 5')).rows
      const seen = await db.withRole({ role: 'authenticated', claims: { sub: customer!.user_id } }, async (tx) =>
        (await tx.query('select email from public.customers')).rows,
      )
      expect(seen).toEqual([{ email: customer!.email }])
      const anon = await db.withRole({ role: 'anon' }, async (tx) => (await tx.query('select * from public.customers')).rows)
      expect(anon).toEqual([])
    }
  })
})
