/**
 * The grid findings of issue 12, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): a filter on a column named 'a:b' and what a filtered delete does with it and
 * with a filter the URL cannot read; cell values checked by their type, the editor kept open on a refusal;
 * typing on a cell to start editing it; the chosen role kept per project for the session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import '../../commands/grid-view'
import '../../commands/grid-rows'
import '../../commands/grid-selection'
import '../../commands/table-editor'
import { getCommand, type ArgOption } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import type { Row } from '../../src/shared/api'
import { rowsQuery } from '../../src/web/model/project/queries'
import { readGridSearch } from '../../src/web/model/table-editor/search'
import { stringifySearch } from '../../src/web/model/app/search-params'
import { displayColumns, gridState, openGridTable, setGridFocus } from '../../src/web/model/table-editor/grid'
import { openProjectRole, roleState, setRole } from '../../src/web/model/project/role'
import { rowEdit, startText, stopEditing, typeOnCell } from '../../src/web/model/table-editor/row-edit'
import { clearSelection } from '../../src/web/model/table-editor/selection'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import type { ArgsOf, CommandId } from '../../commands/all'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('grid findings on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const colons = `bugs_colons_${suffix}`
  const typed = `bugs_typed_${suffix}`
  const ids: Record<string, number> = {}
  let ctx: HeadlessContext

  const q = <R = Row>(sql: string) => ctx.api.query<R>(ref, sql)
  const open = (table: string, search: Record<string, unknown> = {}) => ctx.navigate({ to: paths.table(ref, ids[table]!), search })
  const inUrl = (key: string) => new URLSearchParams(stringifySearch(ctx.location.search)).getAll(key)
  async function visibleRows(): Promise<Row[]> {
    const v = readGridSearch(ctx.location.search)
    const params = { filters: v.filters, sorts: v.sorts, page: v.page, limit: v.rows }
    return (await ctx.queryClient.fetchQuery({ ...rowsQuery(ctx.api, ref, Number(ctx.route.params.tableId), params), staleTime: 0 })).rows
  }
  async function focus(table: string, row: number, column: string) {
    const gridTable = await ctx.api.gridTable(ref, ids[table]!)
    openGridTable(ref, gridTable.schema, gridTable.name)
    setGridFocus({ row, col: displayColumns(gridTable, gridState).findIndex((c) => c.name === column) })
  }
  async function refused<I extends CommandId>(id: I, args: ArgsOf<I>, message: string | RegExp, table: string) {
    const before = await q(`select * from public.${table} order by 1`)
    await expect(runUnchecked(id, args)).rejects.toThrow(message)
    expect(await q(`select * from public.${table} order by 1`)).toEqual(before)
  }

  beforeAll(async () => {
    ctx = headlessContext(target, paths.tableEditor(ref))
    await q(`
      create table public.${colons} (id int primary key, "a:b" text);
      insert into public.${colons} values (1, 'x'), (2, 'y'), (3, 'x'), (4, 'z');
      create table public.${typed} (id int primary key, n int, big int8, small int2, ratio numeric, made date, at timestamptz, t time, name text);
      insert into public.${typed} (id, n, name) values (1, 10, 'one'), (2, 20, 'two');`)
    for (const name of [colons, typed]) {
      ids[name] = (await q<{ id: number }>(`select 'public.${name}'::regclass::oid::int as id`))[0]!.id
    }
  })

  afterEach(() => {
    setRole('postgres')
    clearSelection()
    stopEditing()
    ctx.confirmAnswers.length = 0
    vi.unstubAllGlobals()
  })

  afterAll(() => q(`drop table if exists public.${colons}, public.${typed}`))

  it('filters by a column named "a:b", the URL reading it back whole', async () => {
    await open(colons)
    await run('grid.filter.add', { column: 'a:b', operator: 'eq', value: 'x' })
    expect(inUrl('filter')).toEqual(['a%3Ab:eq:x'])
    expect(readGridSearch(ctx.location.search).filters).toEqual([{ column: 'a:b', operator: 'eq', value: 'x' }])
    expect((await visibleRows()).map((r) => r.id)).toEqual([1, 3])
    await run('grid.filter.remove', { filter: 'a%3Ab:eq:x' })
    expect(inUrl('filter')).toEqual([])
  })

  it('never deletes unfiltered what was asked filtered: an unread filter refuses, an "a:b" filter deletes its rows only', async () => {
    await open(colons, { filter: ['a:b:eq:x'] }) // the unencoded form: not a filter the grid can read
    await run('grid.selection.select-all-rows')
    await refused('grid.rows.delete', {}, MSG.unreadFilterRefused('deleted'), colons)
    expect(ctx.confirms).toEqual([])

    await open(colons, { filter: ['a%3Ab:eq:x'] })
    await run('grid.selection.select-all-rows')
    await run('grid.rows.delete')
    expect(ctx.confirms.at(-1)?.title).toBe('Delete all rows matching the filters?')
    expect((await q<{ id: number }>(`select id from public.${colons} order by id`)).map((r) => r.id)).toEqual([2, 4])
  })

  it('checks typed numbers, dates and times by the column type before sending them', async () => {
    await open(typed)
    const set = (column: string, value: string) => run('grid.cell.update', { column, primaryKey: { id: 1 }, value })
    const wrong = (column: string, value: string, message: string | RegExp) =>
      refused('grid.cell.update', { column, primaryKey: { id: 1 }, value }, message, typed)
    await wrong('n', 'abc', 'n takes a whole number from -2147483648 to 2147483647')
    await wrong('n', '2147483648', 'n takes a whole number from -2147483648 to 2147483647')
    await wrong('n', '1.5', 'n takes a whole number')
    await wrong('small', '40000', 'small takes a whole number from -32768 to 32767')
    await wrong('ratio', '1,5', 'ratio takes a number, like 12.5')
    await wrong('made', '2024-02-30', 'made takes a date, like yyyy-mm-dd')
    await wrong('made', '2023-02-29', 'made takes a date, like yyyy-mm-dd')
    await wrong('made', 'soon', 'made takes a date, like yyyy-mm-dd')
    await wrong('at', '2024-13-01 10:00', 'at takes a date and time, like yyyy-mm-dd hh:mm:ss+zz')
    await wrong('at', '2024-01-01 25:00', 'at takes a date and time')
    await wrong('t', '10:61', 't takes a time, like hh:mm:ss')

    await set('n', ' -2147483648 ')
    await set('big', '9223372036854775807')
    await set('ratio', '-1.5e3')
    await set('made', '2024-02-29')
    await set('at', '2024-05-06T07:08:09.5+02:00')
    await set('t', '24:00:00')
    expect((await q(`select n, big::text, ratio::text, made::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as at, t::text from public.${typed} where id = 1`))[0]).toEqual({
      n: -2147483648, big: '9223372036854775807', ratio: '-1500', made: '2024-02-29', at: '2024-05-06 05:08:09', t: '24:00:00',
    })
    // forms the check leaves to the database: read there, or refused in the column's words
    await set('made', 'Jan 8 2024')
    expect((await q(`select made::text from public.${typed} where id = 1`))[0]).toEqual({ made: '2024-01-08' })
    await wrong('made', 'Jan 32 2024', /^made takes a date, like yyyy-mm-dd: .+/)
  })

  it('keeps the editor open with the text when the value is refused, opening it again on a database refusal', async () => {
    await open(typed)
    await focus(typed, 0, 'n')
    await run('grid.cell.edit')
    const editing = rowEdit.editing
    expect(editing).toMatchObject({ column: 'n', primaryKey: { id: 1 } })
    await expect(run('grid.cell.update', { column: 'n', primaryKey: { id: 1 }, value: 'abc' })).rejects.toThrow('n takes a whole number')
    expect(rowEdit.editing).toBe(editing)
    await q(`alter table public.${typed} add constraint n_small check (n < 1000)`)
    try {
      await expect(run('grid.cell.update', { column: 'n', primaryKey: { id: 1 }, value: '5000' })).rejects.toThrow(/n_small/)
      expect(rowEdit.editing).toMatchObject({ column: 'n', primaryKey: { id: 1 }, row: 0, value: editing?.value, draft: '5000', refusal: expect.stringMatching(/n_small/) })
      expect(startText(rowEdit.editing!, String(editing?.value))).toBe('5000')
    } finally {
      await q(`alter table public.${typed} drop constraint n_small`)
    }
    await run('grid.cell.update', { column: 'n', primaryKey: { id: 1 }, value: '11' })
    expect(rowEdit.editing).toBeNull()
    expect((await q(`select n from public.${typed} where id = 1`))[0]).toEqual({ n: 11 })
  })

  it('typing on a cell opens its editor with the keys typed, the value set aside', async () => {
    await open(typed)
    await focus(typed, 1, 'name')
    expect(typeOnCell('N')).toBe(true)
    const editing = run('grid.cell.edit')
    expect(typeOnCell('e')).toBe(false) // typed while the editor is on its way: kept for it
    await editing
    expect(typeOnCell('w')).toBe(false)
    expect(rowEdit.editing).toMatchObject({ column: 'name', primaryKey: { id: 2 }, value: 'two', typedStart: true })
    expect(startText(rowEdit.editing!, 'two')).toBe('New')

    // an editor that does not open drops the keys typed for it
    stopEditing()
    await focus(typed, 1, 'id')
    expect(typeOnCell('7')).toBe(true)
    await expect(run('grid.cell.edit')).rejects.toThrow('id is part of the primary key')
    expect(rowEdit).toMatchObject({ typed: '', opening: false, editing: null })

    // F2 (no typing) starts from the value
    await focus(typed, 1, 'name')
    await run('grid.cell.edit')
    expect(startText(rowEdit.editing!, 'two')).toBe('two')
  })

  it('labels the tables of a protected schema Locked when opening a table from the palette', async () => {
    await ctx.navigate({ to: paths.tableEditor(ref), search: { schema: 'storage' } })
    const pick = getCommand('table-editor.table.open')?.argOptions?.table as (c: HeadlessContext, s: object) => Promise<ArgOption[]>
    expect((await pick(ctx, {})).find((o) => o.label === 'objects')?.hint).toBe(`storage · table · ${MSG.locked}`)
  })

  it('keeps the chosen role per project for the session, whatever table opens', async () => {
    const session = new Map<string, string>()
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => session.get(k) ?? null,
      setItem: (k: string, v: string) => void session.set(k, v),
      removeItem: (k: string) => void session.delete(k),
    })
    await open(typed)
    await run('grid.role.set', { role: 'anon' })
    await open(colons)
    expect(roleState).toMatchObject({ ref, role: 'anon' })

    // another project has its own choice; coming back (or a page load) finds this one's again
    openProjectRole('other-project')
    expect(roleState).toMatchObject({ ref: 'other-project', role: 'postgres' })
    openProjectRole(ref)
    expect(roleState).toMatchObject({ ref, role: 'anon' })
    await run('grid.role.set', { role: 'postgres' })
    openProjectRole('other-project')
    openProjectRole(ref)
    expect(roleState.role).toBe('postgres')
  })
})
