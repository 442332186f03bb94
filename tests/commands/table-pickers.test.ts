/**
 * The palette's table pickers ask the server for what is typed ('Open table' across schemas, 'Open table in
 * this schema' in the listed one), so a table past the first answer is found by typing its name. The test
 * makes more tables than one answer holds, in a schema of its own (named to sort after the others), on a
 * studio of its own: on the shared one they would push other test files' tables out of the first answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../../commands/all'
import { getCommand, optionsTotal, type ArgOption } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { paths } from '../../src/shared/routes'
import { RELATIONS_LIMIT } from '../../src/web/model/project/project-queries'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run } from '../support/run'
import { ownStudio, type OwnStudio } from '../support/own-studio'

const ref = DEFAULT_PROJECT_REF
/** more than one answer of either picker holds (RELATIONS_LIMIT across schemas; ten pages of the list) */
const COUNT = RELATIONS_LIMIT + 5

describe.each(targets())("the palette's table pickers on $name", (shared) => {
  let own: OwnStudio
  const suffix = Math.random().toString(36).slice(2, 8)
  const schema = `zz_pick_${suffix}`
  const name = (i: number) => `pick_${suffix}_${String(i).padStart(4, '0')}`
  const last = name(COUNT)
  let ctx: HeadlessContext

  /** The options of a picker for the text typed, as the palette asks for them. */
  async function options(id: 'nav.table.open' | 'table-editor.table.open', query = ''): Promise<ArgOption[]> {
    const argOptions = getCommand(id)!.argOptions as Record<string, (...a: unknown[]) => Promise<ArgOption[]>>
    return argOptions[id === 'nav.table.open' ? 'tableId' : 'table']!(ctx, {}, { query })
  }

  beforeAll(async () => {
    own = await ownStudio(shared, 'table-pickers')
    ctx = headlessContext(own.target)
    await ctx.api.query(
      ref,
      `create schema ${schema};
       do $$ begin
         for i in 1..${COUNT} loop
           execute format('create table %I.%I (id int)', '${schema}', 'pick_${suffix}_' || lpad(i::text, 4, '0'));
         end loop;
       end $$`,
    )
  }, 60_000)
  afterAll(async () => {
    await own?.close()
  }, 60_000)

  it("'Open table' finds by its name a table past the first answer, and opens it", async () => {
    ctx = headlessContext(own.target)
    const first = await options('nav.table.open')
    expect(first.length).toBeLessThanOrEqual(RELATIONS_LIMIT)
    // the palette says these are only the first ones of how many (optionsTotal: the server's count)
    expect(optionsTotal(first)).toBeGreaterThanOrEqual(COUNT)
    expect(first.some((o) => o.label === `${schema}.${name(1)}`)).toBe(true)
    expect(first.some((o) => o.label === `${schema}.${last}`)).toBe(false)

    const found = await options('nav.table.open', last)
    expect([...found]).toEqual([expect.objectContaining({ label: `${schema}.${last}`, hint: 'table' })])
    expect(optionsTotal(found)).toBe(1)
    await run('nav.table.open', { tableId: Number(found[0]!.value) })
    expect(ctx.location.pathname).toBe(paths.table(ref, found[0]!.value))
  })

  it("'Open table in this schema' finds by its name a table past the list's first pages", async () => {
    ctx = headlessContext(own.target, paths.tableEditor(ref))
    await ctx.navigate({ search: { schema } })
    const first = await options('table-editor.table.open')
    expect(first.map((o) => o.label)).toEqual(Array.from({ length: first.length }, (_, i) => name(i + 1)))
    expect(first.some((o) => o.label === last)).toBe(false)

    const found = await options('table-editor.table.open', last)
    expect(found).toEqual([expect.objectContaining({ label: last, hint: `${schema} · table` })])
    await run('table-editor.table.open', { table: found[0]!.value })
    expect(ctx.location.pathname).toBe(paths.table(ref, found[0]!.value))
  })
})
