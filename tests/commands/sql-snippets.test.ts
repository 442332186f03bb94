/**
 * SQL snippet commands, run headless against a real studio on every target (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set). Each target gets a studio of its own, with a second user, on a fresh
 * database: the snippet lists and the after-delete navigation are then exactly what these tests made.
 * Every effect is checked through the content API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import '../../commands/sql-snippets'
import { getCommand, setCommandContext } from '../../commands/registry'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import type { Snippet, SnippetContent } from '../../src/shared/content'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { ApiError, createApi, type Api } from '../../src/web/data/api'
import { profileQuery, snippetsQuery } from '../../src/web/model/sql-editor/snippets/snippet-queries'
import { SQL_TEMPLATES } from '../../src/web/model/sql-editor/templates/templates'
import { sqlDrafts } from '../../src/web/model/sql-editor/sql-drafts'
import { sqlEditor } from '../../src/web/model/sql-editor/sql-editor'
import {
  NEW_SNIPPET_ID, SNIPPET_PREVIEW_LENGTH, isReadOnlySnippet, matchesSearch, orderedSnippets, setSelected,
  snippetPreview, snippetSections, snippetsState,
} from '../../src/web/model/sql-editor/snippets'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { AUTH } from '../support/auth'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const ME = 1
const OTHER = { id: 2, username: 'other' }

function snippet(over: Partial<Snippet> & { sql?: string; favorite?: boolean }): Snippet {
  const { sql = 'select 1', favorite = false, ...rest } = over
  return {
    id: crypto.randomUUID(), project_id: 1, owner_id: ME, owner: { id: ME, username: 'me' }, type: 'sql',
    name: 'Query', description: '', visibility: 'user', content: { sql, favorite, schema_version: '1.0' },
    inserted_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...rest,
  }
}

describe('snippet list rules', () => {
  it('lists a shared favorite under Shared too: Shared is never empty while it has snippets', () => {
    const only = [snippet({ name: 'team favorite', visibility: 'project', favorite: true }), snippet({ name: 'mine', favorite: true })]
    const sections = snippetSections(only)
    expect(sections.favorites.map((s) => s.name)).toEqual(['mine', 'team favorite'])
    expect(sections.shared.map((s) => s.name)).toEqual(['team favorite'])
    expect(sections.private.map((s) => s.name)).toEqual(['mine'])
    expect(snippetSections(only, 'TEAM').shared.map((s) => s.name)).toEqual(['team favorite'])
  })

  it('trims the search and matches names case-insensitively', () => {
    expect(matchesSearch('Count Users by Country', '  users BY ')).toBe(true)
    expect(matchesSearch('Count users', 'orders')).toBe(false)
    expect(matchesSearch('Anything', '   ')).toBe(true)
  })

  it('puts favorites first, then shared, then private, each by name; a favorite is in its own section too', () => {
    const list = [
      snippet({ name: 'b private' }),
      snippet({ name: 'a shared', visibility: 'project' }),
      snippet({ name: 'z favorite', visibility: 'project', favorite: true }),
      snippet({ name: 'A private' }),
    ]
    const sections = snippetSections(list)
    expect(sections.favorites.map((s) => s.name)).toEqual(['z favorite'])
    expect(sections.shared.map((s) => s.name)).toEqual(['a shared', 'z favorite'])
    expect(sections.private.map((s) => s.name)).toEqual(['A private', 'b private'])
    // the list's order names each snippet once
    expect(orderedSnippets(list).map((s) => s.name)).toEqual(['z favorite', 'a shared', 'A private', 'b private'])
    expect(snippetSections(list, ' PRIVATE').private).toHaveLength(2)
    expect(snippetSections(list, ' PRIVATE').shared).toHaveLength(0)
  })

  it('previews the first 43 characters, and nothing for an empty query', () => {
    expect(SNIPPET_PREVIEW_LENGTH).toBe(43)
    const long = 'select id, name, email, created_at from public.customers where id > 10'
    expect(snippetPreview(long)).toBe(`${long.slice(0, 43)}…`)
    expect(snippetPreview('select 1')).toBe('select 1')
    expect(snippetPreview('x'.repeat(43))).toBe('x'.repeat(43))
    expect(snippetPreview('  \n ')).toBe('')
  })

  it("makes other members' snippets read-only", () => {
    expect(isReadOnlySnippet(snippet({ owner_id: ME }), ME)).toBe(false)
    expect(isReadOnlySnippet(snippet({ owner_id: OTHER.id, visibility: 'project' }), ME)).toBe(true)
  })
})

describe.each(targets())('sql snippet commands on $name', (target) => {
  let studio: OwnStudio
  let ctx: HeadlessContext
  let other: HeadlessContext
  let otherApi: Api

  const actAs = (c: HeadlessContext) => setCommandContext(() => c)
  const list = async (api: Api = ctx.api) => (await api.contents<SnippetContent>(ref, 'sql')).data
  const get = async (id: string, api: Api = ctx.api) => (await list(api)).find((s) => s.id === id)
  const at = (c: HeadlessContext) => c.location.pathname
  /** 'New query' with SQL: it creates the snippet and resolves to it */
  const created = async (args: { name?: string; sql: string }) => {
    const snippet = await run('sql.snippet.new', args)
    if (!snippet) throw new Error('New query with SQL created nothing')
    return snippet
  }
  const create = (name: string, sql = 'select 1') => created({ name, sql })

  beforeAll(async () => {
    studio = await ownStudio(target, 'snippets', { users: [OTHER] })
    other = headlessContext(studio.target, paths.sqlNew(ref))
    otherApi = createApi(studio.target.url, { ...AUTH, 'x-studio-user': String(OTHER.id) })
    other.api = otherApi
    ctx = headlessContext(studio.target, paths.sqlNew(ref))
  })

  afterAll(async () => {
    await studio?.close()
  })

  beforeEach(async () => {
    actAs(ctx)
    await ctx.navigate({ to: paths.sqlNew(ref) })
    ctx.toasts.length = 0
    ctx.denied.clear()
    setSelected([])
  })

  it('the second user is a different user of this studio', async () => {
    expect((await ctx.api.request<{ id: number }>('GET', '/platform/profile')).id).toBe(ME)
    expect((await otherApi.request<{ id: number }>('GET', '/platform/profile')).id).toBe(OTHER.id)
  })

  describe('new', () => {
    it('without SQL saves nothing: it opens an empty /sql/new, and leaving it empty saves nothing', async () => {
      const s = await create('Open before')
      const before = (await list()).length
      sqlDrafts[s.id] = { sql: 'select 1 -- typed', at: Date.now() }
      expect(await run('sql.snippet.new')).toBeUndefined()
      expect(at(ctx)).toBe(paths.sqlNew(ref))
      expect(sqlEditor).toMatchObject({ snippetId: NEW_SNIPPET_ID, text: '' })
      // an empty or blank query is not saved, and leaving it saves nothing
      await run('sql.snippet.save')
      sqlDrafts[NEW_SNIPPET_ID] = { sql: '  \n ', at: Date.now() }
      await run('sql.snippet.save')
      await run('sql.snippet.open', { id: s.id })
      await run('sql.snippet.save', { id: NEW_SNIPPET_ID })
      expect((await list()).length).toBe(before)
      delete sqlDrafts[s.id]
      delete sqlDrafts[NEW_SNIPPET_ID]
    })

    it('without SQL, its first save once something is typed creates it, with the name given to New query', async () => {
      await run('sql.snippet.new', { name: 'Named first' })
      expect(at(ctx)).toBe(paths.sqlNew(ref))
      expect((await list()).some((s) => s.name === 'Named first')).toBe(false)
      sqlDrafts[NEW_SNIPPET_ID] = { sql: 'select 11', at: Date.now() }
      await run('sql.snippet.save')
      const id = ctx.route.params.id ?? ''
      expect(ctx.route.id).toBe('sql-editor.snippet')
      expect(await get(id)).toMatchObject({ name: 'Named first', visibility: 'user', content: { sql: 'select 11' } })
    })

    it('without SQL on /sql/new, saves what was typed there first, then opens an empty one', async () => {
      sqlDrafts[NEW_SNIPPET_ID] = { sql: 'select 12', at: Date.now() }
      // an autosave and 'New query' at once make one snippet, not two
      await Promise.all([run('sql.snippet.save'), run('sql.snippet.new')])
      expect((await list()).filter((s) => s.content.sql === 'select 12')).toHaveLength(1)
      expect(at(ctx)).toBe(paths.sqlNew(ref))
      expect(sqlDrafts[NEW_SNIPPET_ID]).toBeUndefined()
      expect(sqlEditor.text).toBe('')
    })

    it('names it from the SQL through the title call, or as told', async () => {
      const sql = 'select country, count(*) from customers group by country'
      const { title } = await ctx.api.sqlTitle(sql)
      const titled = await created({ sql })
      expect(await get(titled.id)).toMatchObject({ name: title, content: { sql } })
      const named = await create('  My report  ', sql)
      expect((await get(named.id))?.name).toBe('My report')
    })

    it("keeps 'Untitled query' and says why when the title cannot be made", async () => {
      const api = ctx.api
      ctx.api = { ...api, sqlTitle: () => Promise.reject(new ApiError('title service down', 500)) }
      try {
        const untitled = await created({ sql: 'select 2' })
        expect((await get(untitled.id, api))?.name).toBe('Untitled query')
        expect(ctx.toasts).toContainEqual({ kind: 'error', message: MSG.generateTitleFailed('title service down') })
      } finally {
        ctx.api = api
      }
    })

    it('is refused without the create user-content permission, and creates nothing', async () => {
      const before = (await list()).length
      ctx.denied.add('createUserContent')
      await expect(run('sql.snippet.new', { name: 'nope', sql: 'select 1' })).rejects.toThrow(MSG.snippetNoPermission)
      await expect(run('sql.snippet.new', { name: 'nope' })).rejects.toThrow(MSG.snippetNoPermission)
      expect(getCommand('sql.snippet.duplicate')?.enabled?.(ctx)).toBe(MSG.snippetNoPermission)
      expect(getCommand('sql.template.use')?.enabled?.(ctx)).toBe(MSG.snippetNoPermission)
      expect((await list()).length).toBe(before)
    })
  })

  describe('save (autosave)', () => {
    it("writes the open snippet's draft into content.sql and clears the draft", async () => {
      const s = await create('Autosaved')
      sqlDrafts[s.id] = { sql: 'select 42', at: Date.now() }
      await run('sql.snippet.save')
      expect((await get(s.id))?.content.sql).toBe('select 42')
      expect(sqlDrafts[s.id]).toBeUndefined()
    })

    it('turns the draft of /sql/new into a snippet on its first save, and opens it', async () => {
      sqlDrafts[NEW_SNIPPET_ID] = { sql: 'select * from orders', at: Date.now() }
      await run('sql.snippet.save')
      const id = ctx.route.params.id
      expect(ctx.route.id).toBe('sql-editor.snippet')
      expect(await get(id ?? '')).toMatchObject({ visibility: 'user', content: { sql: 'select * from orders' } })
      expect(sqlDrafts[NEW_SNIPPET_ID]).toBeUndefined()
    })

    it("does not save into another member's snippet", async () => {
      actAs(other)
      const theirs = await create('Theirs')
      await run('sql.snippet.share', { id: theirs.id })
      actAs(ctx)
      sqlDrafts[theirs.id] = { sql: 'drop table x', at: Date.now() }
      await expect(run('sql.snippet.save', { id: theirs.id })).rejects.toThrow(MSG.contentOwnerOnly('change'))
      expect((await get(theirs.id))?.content.sql).toBe('select 1')
      delete sqlDrafts[theirs.id]
    })
  })

  describe('rename', () => {
    it('renames, with the name trimmed', async () => {
      const s = await create('Old name')
      await run('sql.snippet.rename', { id: s.id, name: '  New name ' })
      expect((await get(s.id))?.name).toBe('New name')
    })

    it("renames the open snippet when no id is given, and refuses an empty name with the spec's message", async () => {
      const s = await create('Open one')
      await expect(run('sql.snippet.rename', { name: '   ' })).rejects.toThrow(MSG.queryNameRequired)
      await run('sql.snippet.rename', { name: 'Renamed open one' })
      expect((await get(s.id))?.name).toBe('Renamed open one')
    })

    it('is for the owner only: the command and the server refuse the other user', async () => {
      const s = await create('Mine')
      await run('sql.snippet.share', { id: s.id })
      actAs(other)
      await other.navigate({ to: paths.sqlSnippet(ref, s.id) })
      // what the list has loaded by then, which enabled() reads
      await other.queryClient.fetchQuery(profileQuery(otherApi))
      await other.queryClient.fetchQuery(snippetsQuery(otherApi, ref))
      expect(getCommand('sql.snippet.rename')?.enabled?.(other)).toBe(MSG.contentOwnerOnly('rename'))
      await expect(run('sql.snippet.rename', { id: s.id, name: 'Taken' })).rejects.toThrow(MSG.contentOwnerOnly('rename'))
      await expect(otherApi.updateContent(ref, s.id, { name: 'Taken' })).rejects.toMatchObject({ code: 403 })
      expect((await get(s.id))?.name).toBe('Mine')
    })
  })

  describe('favorite', () => {
    it('toggles content.favorite and keeps the SQL; checked() follows the open snippet', async () => {
      const s = await create('Fav', 'select 7')
      const favorite = getCommand('sql.snippet.favorite')
      await run('sql.snippet.favorite')
      expect((await get(s.id))?.content).toMatchObject({ favorite: true, sql: 'select 7' })
      expect(favorite?.checked?.(ctx)).toBe(true)
      await run('sql.snippet.favorite', { id: s.id })
      expect((await get(s.id))?.content.favorite).toBe(false)
      expect(favorite?.checked?.(ctx)).toBe(false)
    })
  })

  describe('share, personal copy, duplicate', () => {
    it("shares a private snippet with the project: the other user sees it, read-only, and can duplicate it", async () => {
      const s = await create('To share', 'select 3')
      expect(await get(s.id, otherApi)).toBeUndefined()
      await run('sql.snippet.share')
      expect((await get(s.id))?.visibility).toBe('project')
      const seen = await get(s.id, otherApi)
      expect(seen).toMatchObject({ visibility: 'project', owner_id: ME })
      expect(isReadOnlySnippet(seen!, OTHER.id)).toBe(true)
      await expect(run('sql.snippet.share', { id: s.id })).rejects.toThrow('already shared')

      actAs(other)
      await other.navigate({ to: paths.sqlSnippet(ref, s.id) })
      const copy = await run('sql.snippet.duplicate')
      expect(await get(copy.id, otherApi)).toMatchObject({ name: 'To share (copy)', owner_id: OTHER.id, visibility: 'user', content: { sql: 'select 3' } })
      expect(await get(copy.id)).toBeUndefined()
      expect(at(other)).toBe(paths.sqlSnippet(ref, copy.id))
    })

    it("refuses sharing another member's snippet", async () => {
      actAs(other)
      const theirs = await create('Private of other')
      actAs(ctx)
      await expect(ctx.api.updateContent(ref, theirs.id, { visibility: 'project' })).rejects.toMatchObject({ code: 404 })
    })

    it('creates a personal copy of a shared snippet, and only of a shared one', async () => {
      actAs(other)
      const theirs = await create('Team query', 'select 5')
      await run('sql.snippet.share', { id: theirs.id })
      actAs(ctx)
      const copy = await run('sql.snippet.copy-personal', { id: theirs.id })
      expect(await get(copy.id)).toMatchObject({ name: 'Team query', owner_id: ME, visibility: 'user', content: { sql: 'select 5' } })
      expect(at(ctx)).toBe(paths.sqlSnippet(ref, copy.id))
      await expect(run('sql.snippet.copy-personal', { id: copy.id })).rejects.toThrow('already personal')
    })

    it('duplicates with the unsaved draft, as a private copy', async () => {
      const s = await create('Original', 'select 1')
      sqlDrafts[s.id] = { sql: 'select 1 + 1', at: Date.now() }
      const copy = await run('sql.snippet.duplicate', { id: s.id })
      expect(await get(copy.id)).toMatchObject({ name: 'Original (copy)', visibility: 'user', content: { sql: 'select 1 + 1' } })
      delete sqlDrafts[s.id]
    })
  })

  describe('open, templates and quickstarts', () => {
    it('lists snippets by name for the palette and opens the one picked', async () => {
      const s = await create('Pick me')
      await ctx.navigate({ to: paths.sqlNew(ref) })
      const options = await getCommand('sql.snippet.open')!.argOptions!.id!(ctx, {})
      expect(options).toContainEqual({ value: s.id, label: 'Pick me', hint: 'Private' })
      await run('sql.snippet.open', { id: s.id })
      expect(at(ctx)).toBe(paths.sqlSnippet(ref, s.id))
    })

    it('opens a template as a new snippet with its name and SQL', async () => {
      const template = SQL_TEMPLATES.find((t) => t.kind === 'quickstart')!
      const s = await run('sql.template.use', { template: template.id })
      expect(await get(s.id)).toMatchObject({ name: template.name, content: { sql: template.sql } })
      expect(at(ctx)).toBe(paths.sqlSnippet(ref, s.id))
      await expect(run('sql.template.use', { template: 'no-such' })).rejects.toThrow('There is no template')
    })
  })

  describe('delete', () => {
    it('asks first; a refusal deletes nothing', async () => {
      const s = await create('Kept')
      ctx.confirmAnswers.push(false)
      await run('sql.snippet.delete')
      expect(ctx.confirms.at(-1)).toMatchObject({ title: 'Delete query', destructive: true })
      expect(await get(s.id)).toBeDefined()
    })

    it('deleting the open snippet goes to the first one remaining; deleting another stays', async () => {
      const a = await create('Delete A')
      const b = await create('Delete B')
      await run('sql.snippet.delete', { ids: [a.id] })
      expect(at(ctx)).toBe(paths.sqlSnippet(ref, b.id))
      await run('sql.snippet.open', { id: b.id })
      const c = await create('Delete C')
      await run('sql.snippet.open', { id: b.id })
      await run('sql.snippet.delete', { ids: [c.id] })
      expect(at(ctx)).toBe(paths.sqlSnippet(ref, b.id))
      await run('sql.snippet.delete')
      const first = orderedSnippets(await list())[0]!
      expect(at(ctx)).toBe(paths.sqlSnippet(ref, first.id))
      expect(await get(b.id)).toBeUndefined()
    })

    it('deletes the selection, clears it, and goes to /sql/new when none remain', async () => {
      const mine = (await list()).filter((s) => s.owner_id === ME).map((s) => s.id)
      // the other user's shared snippets stay visible: they go first, as their owner
      actAs(other)
      const theirs = (await list(otherApi)).filter((s) => s.owner_id === OTHER.id).map((s) => s.id)
      await run('sql.snippet.delete', { ids: theirs })
      actAs(ctx)
      await ctx.navigate({ to: paths.sqlSnippet(ref, mine[0]!) })
      setSelected(mine)
      await run('sql.snippet.delete')
      expect(ctx.confirms.at(-1)?.title).toBe(`Delete ${mine.length} queries`)
      expect(await list()).toEqual([])
      expect(snippetsState.selected).toEqual([])
      expect(at(ctx)).toBe(paths.sqlNew(ref))
    })

    it("treats 404 'Content not found' as already deleted: the local cleanup still runs", async () => {
      const gone = await create('Gone already')
      const kept = await create('Deleted with it')
      await ctx.api.deleteContents(ref, [gone.id])
      await expect(ctx.api.deleteContents(ref, [gone.id])).rejects.toMatchObject({ code: 404, message: 'Content not found' })
      sqlDrafts[gone.id] = { sql: 'lost cause', at: Date.now() }
      setSelected([gone.id, kept.id])
      await run('sql.snippet.delete')
      expect(await list()).toEqual([])
      expect(sqlDrafts[gone.id]).toBeUndefined()
      expect(snippetsState.selected).toEqual([])
      expect(at(ctx)).toBe(paths.sqlNew(ref))
    })

    it("refuses deleting another member's snippet, in the command and on the server", async () => {
      actAs(other)
      const theirs = await create('Not yours')
      await run('sql.snippet.share', { id: theirs.id })
      actAs(ctx)
      await expect(run('sql.snippet.delete', { ids: [theirs.id] })).rejects.toThrow(MSG.contentOwnerOnly('delete'))
      await expect(ctx.api.deleteContents(ref, [theirs.id])).rejects.toMatchObject({ code: 403 })
      expect(await get(theirs.id)).toBeDefined()
    })
  })
})

/** The templates and quickstarts pages: the in-memory navigation only, so once. */
describe.each(targets().slice(0, 1))('sql snippet pages (no database: once) on $name', (target) => {
  let ctx: HeadlessContext
  const at = (c: HeadlessContext) => c.location.pathname
  beforeAll(() => {
    ctx = headlessContext(target, paths.sqlNew(ref))
  })

  it('goes to the templates and quickstarts pages', async () => {
    await run('sql.templates.open')
    expect(at(ctx)).toBe(paths.sqlTemplates(ref))
    await run('sql.quickstarts.open')
    expect(at(ctx)).toBe(paths.sqlQuickstarts(ref))
  })
})
