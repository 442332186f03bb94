/**
 * Driver.batch on both databases: statements in one transaction sent at once, their results in order; the
 * first failure is the error and nothing is kept; `rollback` answers and keeps nothing; local settings
 * (role, claims) end with the batch, so the calls around it never inherit them, even when many run at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Driver } from '../../src/server/db/driver'
import { openTestDrivers, type TestDrivers } from './support/drivers'

const suffix = Math.random().toString(36).slice(2, 8)
const table = `batch_${suffix}`
const role = `batch_role_${suffix}`
let opened: TestDrivers
let drivers: Driver[] = []

beforeAll(async () => {
  opened = await openTestDrivers()
  drivers = opened.all
  for (const db of drivers) await db.exec(`create table ${table} (id int primary key, body text); create role ${role} nologin`)
})

afterAll(async () => {
  for (const db of drivers) await db.exec(`drop table if exists ${table}; drop role if exists ${role}`)
  await opened.close()
})

const ids = async (db: Driver) => (await db.query<{ id: number }>(`select id from ${table} order by id`)).rows.map((r) => r.id)

describe('driver batch', () => {
  it('runs the statements in order in one transaction and answers each', async () => {
    for (const db of drivers) {
      const results = await db.batch([
        { sql: `insert into ${table} values ($1, $2)`, params: [1, 'one'] },
        { sql: `insert into ${table} values ($1, $2) returning id, body`, params: [2, 'two'] },
        { sql: `select count(*)::int as n, current_setting('transaction_isolation') as iso from ${table}` },
      ])
      expect(results.map((r) => r.command)).toEqual(['INSERT', 'INSERT', 'SELECT'])
      expect(results[1]!.rows).toEqual([{ id: 2, body: 'two' }])
      expect(results[2]!.rows).toEqual([{ n: 2, iso: 'read committed' }])
      expect(await ids(db)).toEqual([1, 2])
    }
  })

  it('keeps nothing when a statement fails, and rejects with the first error', async () => {
    for (const db of drivers) {
      const failed = db.batch([
        { sql: `insert into ${table} values ($1, 'three')`, params: [3] },
        { sql: `insert into ${table} values ($1, 'dup')`, params: [1] },
        { sql: `select 1/0` },
      ])
      await expect(failed).rejects.toMatchObject({ code: '23505' })
      expect(await ids(db)).toEqual([1, 2])
      // the session is usable at once, outside any transaction
      expect((await db.batch([{ sql: 'select 1 as one' }]))[0]!.rows).toEqual([{ one: 1 }])
    }
  })

  it('answers and keeps nothing with rollback', async () => {
    for (const db of drivers) {
      const [inserted] = await db.batch([{ sql: `insert into ${table} values (9, 'nine') returning id` }], { rollback: true })
      expect(inserted!.rows).toEqual([{ id: 9 }])
      expect(await ids(db)).toEqual([1, 2])
    }
  })

  it('ends its local role and settings with it, whatever runs beside', async () => {
    for (const db of drivers) {
      const user = (await db.query<{ u: string }>('select current_user as u')).rows[0]!.u
      const runs = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? db.batch([
              { sql: `select set_config('role', '${role}', true), set_config('request.jwt.claims', $1, true)`, params: [JSON.stringify({ n: i })] },
              { sql: `select current_user as u, current_setting('request.jwt.claims', true) as claims` },
            ]).then((r) => r[1]!.rows[0])
          : db.query(`select current_user as u, current_setting('request.jwt.claims', true) as claims`).then((r) => r.rows[0]),
      )
      const seen = await Promise.all(runs)
      seen.forEach((row, i) => {
        if (i % 3 === 0) expect(row).toEqual({ u: role, claims: JSON.stringify({ n: i }) })
        else expect(row).toMatchObject({ u: user })
        if (i % 3 !== 0) expect([null, '']).toContain((row as { claims: string | null }).claims)
      })
    }
  })
})
