/**
 * Both drivers return the same JS values for the same data: one row of many types, read back from
 * PGlite and (when TEST_DATABASE_URL is set) PostgreSQL, must equal the same expected object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Driver } from '../../src/server/db/driver'
import { openTestDrivers, type TestDrivers } from './support/drivers'

const suffix = Math.random().toString(36).slice(2, 8)
const mood = `mood_${suffix}`
const table = `values_${suffix}`

const COLUMNS = `
  b bool, i2 int2, i4 int4, i8 int8, f4 float4, f8 float8, f8_inf float8, num numeric(12,3), cash money,
  t text, vc varchar(10), ch char(3), id uuid, d date, tm time, tmz timetz, ts timestamp, tstz timestamptz,
  iv interval, j json, jb jsonb, raw bytea, o oid, ip inet, e ${mood}, e_arr ${mood}[], i4_arr int4[],
  t_arr text[], b_arr bool[], jb_arr jsonb[], i8_arr int8[], grid int4[][], boxes box[], empty_arr int4[],
  nothing text`

const VALUES = `
  true, 2, 4, 9007199254740993, 1.5, 0.1, 'Infinity', 1234.5, 12.34,
  'hé "quoted"', 'short', 'ab', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2024-02-29', '13:14:15', '13:14:15+02',
  '2024-02-29 13:14:15.123', '2024-02-29 13:14:15+02', '1 day 02:03:04', '{"a": [1, 2]}', '{"b": {"c": null}}',
  '\\x00ff10', 42, '192.168.0.1/24', 'happy', '{happy,sad}', '{1,NULL,3}',
  ARRAY['plain', 'with,comma', 'with "quote"', 'back\\slash', '', NULL, 'NULL', E'\u00a0nbsp\u3000'], '{t,f}',
  ARRAY['{"k": 1}'::jsonb, '[2]'::jsonb], '{1,9007199254740993}', '{{1,2},{3,4}}', '{(1,1),(0,0);(2,2),(1,1)}', '{}',
  null`

const EXPECTED = {
  b: true, i2: 2, i4: 4, i8: '9007199254740993', f4: 1.5, f8: 0.1, f8_inf: Infinity, num: '1234.500',
  cash: '$12.34', t: 'hé "quoted"', vc: 'short', ch: 'ab ', id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
  d: '2024-02-29', tm: '13:14:15', tmz: '13:14:15+02', ts: '2024-02-29 13:14:15.123',
  tstz: '2024-02-29 11:14:15+00', iv: '1 day 02:03:04', j: { a: [1, 2] }, jb: { b: { c: null } },
  raw: '\\x00ff10', o: 42, ip: '192.168.0.1/24', e: 'happy', e_arr: ['happy', 'sad'], i4_arr: [1, null, 3],
  // Postgres leaves non-ASCII white space unquoted in arrays, and keeps it
  t_arr: ['plain', 'with,comma', 'with "quote"', 'back\\slash', '', null, 'NULL', '\u00a0nbsp\u3000'], b_arr: [true, false],
  jb_arr: [{ k: 1 }, [2]], i8_arr: ['1', '9007199254740993'], grid: [[1, 2], [3, 4]],
  boxes: ['(1,1),(0,0)', '(2,2),(1,1)'], empty_arr: [], nothing: null,
}

let opened: TestDrivers
let drivers: Driver[] = []

beforeAll(async () => {
  opened = await openTestDrivers()
  drivers = opened.all
  for (const db of drivers) {
    await db.exec(`create type ${mood} as enum ('happy', 'sad'); create table ${table} (${COLUMNS});
      insert into ${table} values (${VALUES});`)
  }
})

afterAll(async () => {
  for (const db of drivers) await db.exec(`drop table if exists ${table}; drop type if exists ${mood};`)
  await opened.close()
})

describe('driver values', () => {
  it('every driver returns the expected JS value for each type', async () => {
    for (const db of drivers) {
      const { rows, fields, rowCount, command } = await db.query(`select * from ${table}`)
      expect({ kind: db.kind, row: rows[0] }).toEqual({ kind: db.kind, row: EXPECTED })
      expect(fields.map((f) => f.name)).toEqual(Object.keys(EXPECTED))
      expect({ rowCount, command }).toEqual({ rowCount: 1, command: 'SELECT' })
    }
  })

  it('parameters arrive as the column type and exec returns one result per statement', async () => {
    for (const db of drivers) {
      const found = await db.query(`select i4, b from ${table} where i8 = $1 and b = $2 and e = $3`, [
        '9007199254740993', true, 'happy',
      ])
      expect(found.rows).toEqual([{ i4: 4, b: true }])
      const results = await db.exec(`select 1 as one; select 'x' as one, 2 as one`)
      expect(results.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ one: 2 }]])
    }
  })

  it('a transaction rolls back when its function throws', async () => {
    for (const db of drivers) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`update ${table} set i4 = 5`)
          throw new Error('stop')
        }),
      ).rejects.toThrow('stop')
      expect((await db.query(`select i4 from ${table}`)).rows).toEqual([{ i4: 4 }])
    }
  })
})
