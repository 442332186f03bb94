/**
 * SQL editor commands, run headless against a real server (PGlite, and PostgreSQL when TEST_DATABASE_URL
 * is set): scripts give one result per statement, errors come back with their place as line:column,
 * a selection runs alone, destructive SQL runs only when confirmed (checked in the database), roles
 * apply, a long query can be cancelled on PostgreSQL, results copy as CSV, JSON and Markdown, the row limit
 * cuts a big result (downloaded whole from the server), EXPLAIN ANALYZE keeps nothing, a cell is viewed and a
 * column resized.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../commands/sql-query'
import '../../commands/nav'
import { DEFAULT_PROJECT_REF, SQL_ROW_LIMIT_DEFAULT } from '../../src/shared/constants'
import { paths } from '../../src/shared/routes'
import { roleState, setRole } from '../../src/web/model/project/role'
import { resultsView, selectCell } from '../../src/web/model/sql-editor/results/view'
import { clearRun, openSnippet, setEditorSelection, setEditorText, sqlEditor } from '../../src/web/model/sql-editor/sql-editor'
import { AUTH } from '../support/auth'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('SQL editor commands on $name', (target) => {
  const suffix = Math.random().toString(36).slice(2, 8)
  const notes = `sql_notes_${suffix}`
  const scratch = `sql_scratch_${suffix}`
  let ctx: HeadlessContext

  const count = async () => (await ctx.api.query<{ n: number }>(ref, `select count(*)::int as n from public.${notes}`))[0]!.n
  /** Types `text` into the editor and selects [from, to). */
  function type(text: string, from = 0, to = from) {
    openSnippet('new', text)
    setEditorSelection(from, to)
  }
  const commands = () => sqlEditor.results.map((r) => r.command)

  beforeAll(async () => {
    ctx = headlessContext(target, paths.sqlNew(ref))
    await ctx.api.query(ref, `
      create table public.${notes} (id int primary key, body text);
      insert into public.${notes} select i, 'note ' || i from generate_series(1, 5) i;
      grant select on public.${notes} to anon, authenticated;
      create table public.${scratch} (id int);
    `)
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop table if exists public.${notes}; drop table if exists public.${scratch}`)
  })
  beforeEach(() => {
    clearRun()
    setRole('postgres')
    sqlEditor.limit = SQL_ROW_LIMIT_DEFAULT
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('runs a script and shows one result per statement, with the row count and the duration', async () => {
    type(`select id, body from public.${notes} order by id;\nselect count(*)::int as n from public.${notes};\nupdate public.${notes} set body = body where id = 1`)
    await run('sql.run')
    expect(sqlEditor.error).toBeNull()
    expect(commands()).toEqual(['SELECT', 'SELECT', 'UPDATE'])
    expect(sqlEditor.results[0]?.rows).toHaveLength(5)
    expect(sqlEditor.results[0]?.columns.map((c) => c.name)).toEqual(['id', 'body'])
    expect(sqlEditor.results[1]?.rows).toEqual([{ n: 5 }])
    expect(sqlEditor.results[2]?.rowCount).toBe(1)
    expect(sqlEditor.durationMs).toBeGreaterThanOrEqual(0)
    expect(sqlEditor.activeTab).toBe(2)
    expect(sqlEditor.runId).toBeNull()
  })

  it('reports an error with its place as line and column', async () => {
    type(`select 1;\nselect nope\n  from public.${notes}`)
    await run('sql.run')
    expect(sqlEditor.results).toEqual([])
    expect(sqlEditor.error?.message).toMatch(/column "nope" does not exist/)
    expect(sqlEditor.error?.at).toMatchObject({ line: 2, column: 8 })
    expect(sqlEditor.text.slice(sqlEditor.error!.at!.from).startsWith('nope')).toBe(true)
  })

  it('runs only the selection, and places its errors in the whole text', async () => {
    const text = `select 'first';\nselect 'second' as which;\nselect oops;`
    const second = text.indexOf("select 'second'")
    type(text, second, second + "select 'second' as which".length)
    await run('sql.run')
    expect(sqlEditor.results.map((r) => r.rows)).toEqual([[{ which: 'second' }]])

    await run('sql.run-selection')
    expect(sqlEditor.results).toHaveLength(1)

    const bad = text.indexOf('select oops')
    type(text, bad, text.length)
    await run('sql.run-selection')
    expect(sqlEditor.error?.at).toMatchObject({ line: 3, column: 8 })

    type(text)
    await expect(run('sql.run-selection')).rejects.toThrow('Select the SQL to run first')
  })

  it('formats the text through the server', async () => {
    type(`select id,body from public.${notes} where id=1`)
    await run('sql.format')
    expect(sqlEditor.text).toMatch(/^select\n\s+id,\n\s+body\nfrom\n\s+public\./)
    type('   ')
    await expect(run('sql.format')).rejects.toThrow('There is no SQL to format')
  })

  it('asks before destructive SQL: declined, nothing runs; accepted, it runs', async () => {
    type(`delete from public.${notes}`)
    ctx.confirmAnswers.push(false)
    await run('sql.run')
    expect(ctx.confirms.at(-1)?.description).toMatch('DELETE without a WHERE clause')
    expect(sqlEditor.results).toEqual([])
    expect(await count()).toBe(5)

    type(`drop table public.${scratch}`)
    ctx.confirmAnswers.push(true)
    await run('sql.run')
    expect(ctx.confirms.at(-1)?.description).toMatch('DROP TABLE')
    expect(commands()).toEqual([expect.stringMatching(/^DROP/)])
    expect(await ctx.api.query(ref, `select to_regclass('public.${scratch}') as t`)).toEqual([{ t: null }])

    const confirmsBefore = ctx.confirms.length
    type(`delete from public.${notes} where id = 5`)
    await run('sql.run')
    expect(ctx.confirms).toHaveLength(confirmsBefore)
    expect(await count()).toBe(4)
  })

  it('runs as the chosen role', async () => {
    await run('sql.role.set', { role: 'anon' })
    expect(roleState.role).toBe('anon')
    type('select current_user as who')
    await run('sql.run')
    expect(sqlEditor.results[0]?.rows).toEqual([{ who: 'anon' }])

    const sub = '6f1d7c1e-9d4e-4a43-9c39-3a7e1c1f0b11'
    await run('sql.role.set', { role: 'authenticated', sub })
    type('select current_user as who, auth.uid() as uid')
    await run('sql.run')
    expect(sqlEditor.results[0]?.rows).toEqual([{ who: 'authenticated', uid: sub }])

    await expect(run('sql.role.set', { role: 'anon', sub })).rejects.toThrow('Only the authenticated role takes a user id')
  })

  it('copies the shown result as CSV, JSON and Markdown, and downloads CSV', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    vi.stubGlobal('document', { hasFocus: () => true })
    type(`select id, body, null::text as gone from public.${notes} where id <= 2 order by id`)
    await run('sql.run')

    await run('sql.results.copy', { format: 'csv' })
    expect(writeText).toHaveBeenLastCalledWith('id,body,gone\r\n1,note 1,\r\n2,note 2,\r\n')
    await run('sql.results.copy', { format: 'json' })
    expect(JSON.parse(writeText.mock.lastCall![0])).toEqual([
      { id: 1, body: 'note 1', gone: null },
      { id: 2, body: 'note 2', gone: null },
    ])
    await run('sql.results.copy', { format: 'markdown' })
    expect(writeText.mock.lastCall![0]).toBe('| id | body | gone |\n| --- | --- | --- |\n| 1 | note 1 | NULL |\n| 2 | note 2 | NULL |')
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: 'Copied 2 rows as Markdown' })

    vi.unstubAllGlobals()
    expect(await run('sql.results.download', { format: 'csv' })).toBe('id,body,gone\r\n1,note 1,\r\n2,note 2,\r\n')
    expect(JSON.parse(String(await run('sql.results.download', { format: 'json' })))).toHaveLength(2)

    clearRun()
    await expect(run('sql.results.copy', { format: 'csv' })).rejects.toThrow('There are no results to copy')
  })

  it('shows at most the row limit (1,000 unless chosen), says more exist, and downloads the whole result from the server', async () => {
    expect(sqlEditor.limit).toBe('1000')
    type(`select i, 'row ' || i as label from generate_series(1, 2500) i`)
    await run('sql.run')
    expect(sqlEditor.results[0]).toMatchObject({ rowCount: 1000, truncated: true })
    expect(sqlEditor.results[0]?.rows).toHaveLength(1000)

    await run('sql.limit.set', { limit: '100' })
    expect(sqlEditor.limit).toBe('100')
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: 'Results show at most 100 rows from the next run' })
    await run('sql.run')
    expect(sqlEditor.results[0]?.rows).toHaveLength(100)

    // the whole result: a one-time link whose file holds every row (the statement runs again on the server)
    const url = String(await run('sql.results.download', { format: 'csv' }))
    const csv = await (await fetch(url, { headers: AUTH })).text()
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2501)
    expect(csv.endsWith('2500,row 2500\r\n')).toBe(true)

    await run('sql.limit.set', { limit: 'none' })
    await run('sql.run')
    expect(sqlEditor.results[0]).toMatchObject({ rowCount: 2500 })
    expect(sqlEditor.results[0]?.truncated).toBeUndefined()
    await expect(runUnchecked('sql.limit.set', { limit: '250' })).rejects.toThrow('Limit is one of 100, 500, 1000, none')
  })

  it('explains the statement at the cursor (or the selection) in an Explain tab beside the results, keeping nothing it wrote', async () => {
    const text = `select 1;\ninsert into public.${notes} select i, 'x' from generate_series(100, 199) i;\nselect 2`
    type(text, 0, 'select 1'.length)
    await run('sql.run')
    setEditorSelection(text.indexOf('insert') + 3, text.indexOf('insert') + 3)
    const plan = await run('sql.explain')
    expect(plan?.[0]).toMatch(/^Insert on /)
    expect(sqlEditor.explained).toMatchObject({ status: 'done', statement: text.split(';\n')[1] })
    expect(sqlEditor.results).toHaveLength(1)
    expect(sqlEditor.activeTab).toBe(1)
    expect(await count()).toBe(4)

    // its error is placed in the editor's text, and the results stay
    const bad = `select 1;\nselect nope from public.${notes}`
    setEditorText(bad)
    setEditorSelection(bad.length, bad.length)
    await run('sql.explain')
    expect(sqlEditor.explained).toMatchObject({ status: 'failed', error: { message: 'column "nope" does not exist', at: { line: 2, column: 8 } } })
    expect(sqlEditor.results).toHaveLength(1)

    type('   ')
    await expect(run('sql.explain')).rejects.toThrow('Type a query to explain')
  })

  it('views a chosen cell pretty-printed, and resizes a column', async () => {
    type(`select 1 as id, '{"a": {"b": [1, 2]}}'::jsonb as meta`)
    await run('sql.run')
    await expect(run('sql.results.value.view')).rejects.toThrow('Choose a cell of the results first')
    selectCell({ row: 0, column: 1 })
    expect(await run('sql.results.value.view')).toEqual({ a: { b: [1, 2] } })
    expect(resultsView.viewerOpen).toBe(true)

    expect(await run('sql.results.column.resize', { column: 'meta', width: 300 })).toBe(300)
    expect(resultsView.widths[0]).toEqual({ meta: 300 })
    await expect(run('sql.results.column.resize', { column: 'nope', width: 300 })).rejects.toThrow('There is no column "nope" in these results')
    await expect(runUnchecked('sql.results.column.resize', { column: 'meta', width: 10 })).rejects.toThrow('The width is at least 40 px')
  })

  it('cancels only while a query runs', async () => {
    await expect(run('sql.cancel')).rejects.toThrow('No query is running')
  })

  it.runIf(target.name === 'postgres')('cancels a running query on PostgreSQL', async () => {
    type('select pg_sleep(20)')
    const running = run('sql.run')
    await expect(run('sql.run')).rejects.toThrow('A query is running: cancel it first')
    for (let i = 0; i < 50 && sqlEditor.runId; i++) {
      await new Promise((r) => setTimeout(r, 100))
      if (await run('sql.cancel')) break
    }
    await running
    expect(sqlEditor.runId).toBeNull()
    expect(sqlEditor.error?.message).toMatch(/canceling statement due to user request/)
  })

  it('sql.results.focus hands the keyboard to the results once a query ran (rows or an error), not before', async () => {
    await ctx.navigate({ to: paths.sqlNew(ref) })
    type(`select id from public.${notes} order by id`)
    await expect(run('sql.results.focus')).rejects.toMatchObject({ kind: 'disabled', message: 'Run a query first' })
    const before = sqlEditor.resultsFocus
    await run('sql.run')
    expect(sqlEditor.results[0]?.rows).toHaveLength(await count())
    await run('sql.results.focus')
    expect(sqlEditor.resultsFocus).toBe(before + 1)
    // an error from the database is shown in the same panel: it takes the focus too
    type(`select nothing_here from public.${notes}`)
    await run('sql.run')
    expect(sqlEditor.results).toEqual([])
    expect(sqlEditor.error?.message).toMatch(/nothing_here/)
    await run('sql.results.focus')
    expect(sqlEditor.resultsFocus).toBe(before + 2)
    // only on a query's page
    await ctx.navigate({ to: paths.sqlTemplates(ref) })
    await expect(run('sql.results.focus')).rejects.toMatchObject({ kind: 'unavailable' })
    await ctx.navigate({ to: paths.sqlNew(ref) })
    expect(sqlEditor.resultsFocus).toBe(before + 2)
  })
})

/** Where nav.sql-editor.go lands: the in-memory navigation only, so once. */
describe.each(targets().slice(0, 1))('SQL editor navigation (no database: once) on $name', (target) => {
  let ctx: HeadlessContext
  beforeAll(() => {
    ctx = headlessContext(target, paths.sqlNew(ref))
  })

  it('goes to the SQL editor: a new query, or the last snippet opened', async () => {
    await ctx.navigate({ to: paths.project(ref) })
    sqlEditor.lastSnippetId = null
    await run('nav.sql-editor.go')
    expect(ctx.location.pathname).toBe(paths.sqlNew(ref))
    sqlEditor.lastSnippetId = '0b8a3e6c-4c53-4b8e-9d3f-1e2a3b4c5d6e'
    await run('nav.sql-editor.go')
    expect(ctx.location.pathname).toBe(paths.sqlSnippet(ref, '0b8a3e6c-4c53-4b8e-9d3f-1e2a3b4c5d6e'))
  })
})
