/**
 * sql-quote.ts against the real databases: any string (without NUL) comes back unchanged as a literal and
 * as an identifier, with standard_conforming_strings on and off.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Driver, Queryable } from '../../src/server/db/driver'
import { quoteIdent, quoteLiteral } from '../../src/shared/sql-quote'
import { openTestDrivers, type TestDrivers } from './support/drivers'

/** Characters that matter to quoting, mixed with any code point and any Latin-1 character. */
const char = fc.oneof(
  fc.constantFrom("'", '"', '\\', "\\'", 'E', ' ', '$', '$$', ';', '\n', '\t', '--', '/*', 'U&'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
)
const text = fc.string({ unit: char, maxLength: 40 }).filter((s) => !s.includes('\0'))
/** Identifiers are non-empty and at most 63 bytes (longer ones are truncated by Postgres). */
const identifier = text.filter((s) => s.length > 0 && Buffer.byteLength(s) <= 63)

class Rollback extends Error {}

/** Runs fn in a transaction that is always rolled back, with standard_conforming_strings as given. */
async function inRolledBack(db: Driver, conforming: boolean, fn: (tx: Queryable) => Promise<void>) {
  await db
    .transaction(async (tx) => {
      await tx.query(`set local standard_conforming_strings = ${conforming ? 'on' : 'off'}`)
      await fn(tx)
      throw new Rollback()
    })
    .catch((e) => {
      if (!(e instanceof Rollback)) throw e
    })
}

let opened: TestDrivers
beforeAll(async () => {
  opened = await openTestDrivers()
})
afterAll(() => opened.close())

describe('quoteLiteral and quoteIdent', () => {
  for (const conforming of [true, false]) {
    it(`round-trip any string through the database (standard_conforming_strings ${conforming ? 'on' : 'off'})`, async () => {
      for (const db of opened.all) {
        await fc.assert(
          fc.asyncProperty(text, identifier, async (value, name) => {
            await inRolledBack(db, conforming, async (tx) => {
              const literal = await tx.query(`select ${quoteLiteral(value)} as v`)
              expect(literal.rows[0]?.v).toBe(value)
              const alias = await tx.query(`select 1 as ${quoteIdent(name)}`)
              expect(alias.fields[0]?.name).toBe(name)

              await tx.query(`create table public.${quoteIdent(name)} (${quoteIdent(name)} text)`)
              await tx.query(`insert into public.${quoteIdent(name)} values (${quoteLiteral(value)})`)
              const stored = await tx.query(
                `select c.relname, a.attname, (select ${quoteIdent(name)} from public.${quoteIdent(name)}) as v
                 from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum = 1
                 where c.relnamespace = 'public'::regnamespace and c.relname = $1`,
                [name],
              )
              expect(stored.rows).toEqual([{ relname: name, attname: name, v: value }])
            })
          }),
          { numRuns: 150 },
        )
      }
    })
  }

  it('reject what Postgres cannot hold: NUL, and the empty identifier', () => {
    expect(() => quoteLiteral('a\0b')).toThrow(/NUL/)
    expect(() => quoteIdent('a\0b')).toThrow(/NUL/)
    expect(() => quoteIdent('')).toThrow(/empty/)
  })

  it('quote as Postgres does', () => {
    expect(quoteIdent('we"ird')).toBe('"we""ird"')
    expect(quoteLiteral("it's")).toBe("'it''s'")
    expect(quoteLiteral('a\\b')).toBe("E'a\\\\b'")
  })
})
