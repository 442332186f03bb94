/**
 * SQL snippet commands (issue 4; spec 4 'SQL snippets', 5 'Reports and snippets', 6, 8): create, save
 * (autosave), rename, delete, favorite, share, personal copy, duplicate, open, and the templates and
 * quickstarts. Every change goes through the content API; the server enforces ownership as well.
 * An optional `id` means the snippet open in the editor.
 */
import { z } from 'zod'
import { defineCommand, CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { CONTENT_NOT_FOUND, type ContentUpdateBody, type Snippet, type SnippetContent } from '../src/shared/content'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { ApiError } from '../src/web/data/api'
import {
  cacheSnippet, profileQuery, snippetsKey, snippetsQuery, uncacheSnippets,
} from '../src/web/model/sql-editor/snippets/snippet-queries'
import { SQL_TEMPLATES, findTemplate } from '../src/web/model/sql-editor/templates/templates'
import { clearDraft, sqlDrafts } from '../src/web/model/sql-editor/sql-drafts'
import {
  NEW_SNIPPET_ID, clearSelection, isOwnSnippet, orderedSnippets, snippetsState,
} from '../src/web/model/sql-editor/snippets'
import { errorMessage } from '../src/shared/error-message'

const AREA = 'sql-editor'
const UNTITLED = 'Untitled query'

const inEditor = (ctx: CommandContext) => ctx.route.matches('sql-editor')
const openId = (ctx: CommandContext): string | undefined =>
  ctx.route.id === 'sql-editor.snippet' ? ctx.route.params.id : undefined

const canCreate = (ctx: CommandContext) => ctx.can('createUserContent') || MSG.snippetNoPermission

const cachedSnippets = (ctx: CommandContext) => ctx.queryClient.getQueryData<Snippet[]>(snippetsKey(ctx.ref))
const fetchSnippets = (ctx: CommandContext) => ctx.queryClient.fetchQuery(snippetsQuery(ctx.api, ctx.ref))
const userId = async (ctx: CommandContext) => (await ctx.queryClient.ensureQueryData(profileQuery(ctx.api))).id

/** The open snippet as the list last loaded it, for `enabled` and `checked` (which cannot wait). */
function openSnippet(ctx: CommandContext): Snippet | undefined {
  const id = openId(ctx)
  return id === undefined ? undefined : cachedSnippets(ctx)?.find((s) => s.id === id)
}

/** `enabled` for owner-only actions: refused when the open snippet is known to be someone else's. */
function ownsOpen(action: string) {
  return (ctx: CommandContext): true | string => {
    const snippet = openSnippet(ctx)
    const me = ctx.queryClient.getQueryData(profileQuery(ctx.api).queryKey)?.id
    return snippet && me !== undefined && !isOwnSnippet(snippet, me) ? MSG.contentOwnerOnly(action) : true
  }
}

/** The snippet a command acts on: the one named, else the open one. */
async function target(ctx: CommandContext, id: string | undefined): Promise<Snippet> {
  const wanted = id ?? openId(ctx)
  if (!wanted) throw new CommandError('Open a query first, or pick one', 'invalid-args')
  const snippet = (await fetchSnippets(ctx)).find((s) => s.id === wanted)
  if (!snippet) throw new CommandError(CONTENT_NOT_FOUND, 'invalid-args')
  return snippet
}

async function requireOwner(ctx: CommandContext, snippet: Snippet, action: string): Promise<void> {
  if (!isOwnSnippet(snippet, await userId(ctx))) throw new CommandError(MSG.contentOwnerOnly(action), 'disabled')
}

async function snippetOptions(ctx: CommandContext, keep: (s: Snippet, me: number) => boolean = () => true): Promise<ArgOption[]> {
  const [snippets, me] = await Promise.all([fetchSnippets(ctx), userId(ctx)])
  return orderedSnippets(snippets)
    .filter((s) => keep(s, me))
    .map((s) => ({ value: s.id, label: s.name, hint: s.visibility === 'project' ? 'Shared' : 'Private' }))
}
const ownedOptions = (ctx: CommandContext) => snippetOptions(ctx, (s, me) => isOwnSnippet(s, me))

const snippetId = z.string().min(1, 'Pick a query')
const optionalId = { id: snippetId.optional() }
const idLabel = { id: 'Query (skip: the open one)' }
const queryName = z.string().trim().min(1, MSG.queryNameRequired)

interface NewSnippet {
  name: string
  description?: string
  sql: string
}

/** Creates a private snippet of the current user and lists it. */
async function createSnippet(ctx: CommandContext, s: NewSnippet): Promise<Snippet> {
  const content: SnippetContent = { sql: s.sql, favorite: false, schema_version: '1.0' }
  const snippet = await ctx.api.createContent<SnippetContent>(ctx.ref, {
    type: 'sql', name: s.name, description: s.description ?? '', visibility: 'user', content,
  })
  cacheSnippet(ctx.queryClient, ctx.ref, snippet)
  return snippet
}

/** A name and description from the SQL itself; on failure the toast says so and it stays untitled. */
async function titleFor(ctx: CommandContext, sql: string): Promise<{ name: string; description: string }> {
  if (!sql.trim()) return { name: UNTITLED, description: '' }
  try {
    const { title, description } = await ctx.api.sqlTitle(sql)
    return { name: title.trim() || UNTITLED, description }
  } catch (e) {
    ctx.toast.error(MSG.generateTitleFailed(errorMessage(e)))
    return { name: UNTITLED, description: '' }
  }
}

async function update(ctx: CommandContext, id: string, body: ContentUpdateBody): Promise<Snippet> {
  const snippet = await ctx.api.updateContent<SnippetContent>(ctx.ref, id, body)
  cacheSnippet(ctx.queryClient, ctx.ref, snippet)
  return snippet
}

const openIt = (ctx: CommandContext, snippet: Snippet, replace = false) =>
  ctx.navigate({ to: paths.sqlSnippet(ctx.ref, snippet.id), replace })

// ---- create and open ----

export const newSnippet = defineCommand({
  id: 'sql.snippet.new',
  title: 'New query',
  area: AREA,
  keywords: ['snippet', 'create', 'sql', 'untitled'],
  args: z.object({ sql: z.string().optional(), name: queryName.optional() }),
  argLabels: { sql: 'SQL (optional)', name: 'Name (optional: derived from the SQL)' },
  enabled: canCreate,
  run: async (ctx, { sql = '', name }) => {
    const title = name ? { name, description: '' } : await titleFor(ctx, sql)
    let snippet: Snippet
    try {
      snippet = await createSnippet(ctx, { ...title, sql })
    } catch (e) {
      throw new Error(MSG.createQueryFailed(errorMessage(e)))
    }
    await openIt(ctx, snippet)
    return snippet
  },
})

export const openSnippetCommand = defineCommand({
  id: 'sql.snippet.open',
  title: 'Open query',
  area: AREA,
  keywords: ['snippet', 'switch', 'go to', 'saved'],
  args: z.object({ id: snippetId }),
  argLabels: { id: 'Query' },
  argOptions: { id: (ctx) => snippetOptions(ctx) },
  run: async (ctx, { id }) => openIt(ctx, await target(ctx, id)),
})

// ---- autosave ----

export const saveSnippet = defineCommand({
  id: 'sql.snippet.save',
  title: 'Save query',
  area: AREA,
  keywords: ['snippet', 'autosave', 'draft', 'store'],
  args: z.object(optionalId),
  argLabels: idLabel,
  argOptions: {
    id: async (ctx) => (await snippetOptions(ctx)).filter((o) => sqlDrafts[o.value] !== undefined),
  },
  when: (ctx) => inEditor(ctx) || Object.keys(sqlDrafts).length > 0,
  run: async (ctx, { id }) => {
    const key = id ?? openId(ctx) ?? (ctx.route.id === 'sql-editor.new' ? NEW_SNIPPET_ID : undefined)
    const draft = key === undefined ? undefined : sqlDrafts[key]
    if (key === undefined || !draft) return
    if (key === NEW_SNIPPET_ID) return saveNewDraft(ctx, draft)
    const snippet = await target(ctx, key)
    await requireOwner(ctx, snippet, 'change')
    if (snippet.content.sql !== draft.sql) {
      try {
        await update(ctx, snippet.id, { content: { ...snippet.content, sql: draft.sql } })
      } catch (e) {
        throw new Error(MSG.insertContentFailed(errorMessage(e)))
      }
    }
    if (sqlDrafts[key]?.at === draft.at) clearDraft(key)
  },
})

/** The first save of /sql/new makes it a snippet: what is typed meanwhile moves over with it. */
async function saveNewDraft(ctx: CommandContext, draft: { sql: string; at: number }): Promise<void> {
  if (!draft.sql.trim()) return
  const reason = canCreate(ctx)
  if (reason !== true) throw new CommandError(reason, 'disabled')
  const title = await titleFor(ctx, draft.sql)
  let snippet: Snippet
  try {
    snippet = await createSnippet(ctx, { ...title, sql: draft.sql })
  } catch (e) {
    throw new Error(MSG.createQueryFailed(errorMessage(e)))
  }
  const latest = sqlDrafts[NEW_SNIPPET_ID]
  if (latest && latest.at !== draft.at) sqlDrafts[snippet.id] = latest
  clearDraft(NEW_SNIPPET_ID)
  if (ctx.route.id === 'sql-editor.new') await openIt(ctx, snippet, true)
}

// ---- change ----

export const renameSnippet = defineCommand({
  id: 'sql.snippet.rename',
  title: 'Rename query',
  area: AREA,
  keywords: ['snippet', 'name', 'title'],
  args: z.object({ ...optionalId, name: queryName }),
  argLabels: { ...idLabel, name: 'New name' },
  argOptions: { id: ownedOptions },
  when: inEditor,
  enabled: ownsOpen('rename'),
  run: async (ctx, { id, name }) => {
    const snippet = await target(ctx, id)
    await requireOwner(ctx, snippet, 'rename')
    try {
      return await update(ctx, snippet.id, { name })
    } catch (e) {
      throw new Error(MSG.renameQueryFailed(errorMessage(e)))
    }
  },
})

export const favoriteSnippet = defineCommand({
  id: 'sql.snippet.favorite',
  title: 'Favorite query',
  area: AREA,
  keywords: ['snippet', 'star', 'pin', 'unfavorite'],
  args: z.object(optionalId),
  argLabels: idLabel,
  argOptions: { id: ownedOptions },
  when: inEditor,
  enabled: ownsOpen('favorite'),
  checked: (ctx) => openSnippet(ctx)?.content.favorite ?? false,
  run: async (ctx, { id }) => {
    const snippet = await target(ctx, id)
    await requireOwner(ctx, snippet, 'favorite')
    try {
      return await update(ctx, snippet.id, { content: { ...snippet.content, favorite: !snippet.content.favorite } })
    } catch (e) {
      throw new Error(`Failed to update query: ${errorMessage(e)}`)
    }
  },
})

export const shareSnippet = defineCommand({
  id: 'sql.snippet.share',
  title: 'Share query with the project',
  area: AREA,
  keywords: ['snippet', 'team', 'project', 'shared', 'publish'],
  args: z.object(optionalId),
  argLabels: idLabel,
  argOptions: { id: (ctx) => snippetOptions(ctx, (s, me) => isOwnSnippet(s, me) && s.visibility === 'user') },
  when: inEditor,
  enabled: (ctx) => {
    const open = openSnippet(ctx)
    if (open?.visibility === 'project') return 'This query is already shared with the project'
    const owns = ownsOpen('share')(ctx)
    return owns === true ? canCreate(ctx) : owns
  },
  run: async (ctx, { id }) => {
    const snippet = await target(ctx, id)
    await requireOwner(ctx, snippet, 'share')
    if (snippet.visibility === 'project') throw new CommandError('This query is already shared with the project', 'disabled')
    try {
      return await update(ctx, snippet.id, { visibility: 'project' })
    } catch (e) {
      throw new Error(MSG.shareQueryFailed(errorMessage(e)))
    }
  },
})

// ---- copies ----

export const copyPersonal = defineCommand({
  id: 'sql.snippet.copy-personal',
  title: 'Create a personal copy of this query',
  area: AREA,
  keywords: ['snippet', 'fork', 'private', 'shared'],
  args: z.object(optionalId),
  argLabels: idLabel,
  argOptions: { id: (ctx) => snippetOptions(ctx, (s) => s.visibility === 'project') },
  when: inEditor,
  enabled: (ctx) => (openSnippet(ctx)?.visibility === 'user' ? 'This query is already personal' : canCreate(ctx)),
  run: async (ctx, { id }) => {
    const source = await target(ctx, id)
    if (source.visibility !== 'project') throw new CommandError('This query is already personal', 'disabled')
    let copy: Snippet
    try {
      copy = await createSnippet(ctx, { name: source.name, description: source.description, sql: source.content.sql })
    } catch (e) {
      throw new Error(MSG.personalCopyFailed(errorMessage(e)))
    }
    await openIt(ctx, copy)
    return copy
  },
})

export const duplicateSnippet = defineCommand({
  id: 'sql.snippet.duplicate',
  title: 'Duplicate query',
  area: AREA,
  keywords: ['snippet', 'copy', 'clone'],
  args: z.object(optionalId),
  argLabels: idLabel,
  argOptions: { id: (ctx) => snippetOptions(ctx) },
  when: inEditor,
  enabled: canCreate,
  run: async (ctx, { id }) => {
    const source = await target(ctx, id)
    const sql = sqlDrafts[source.id]?.sql ?? source.content.sql
    let copy: Snippet
    try {
      copy = await createSnippet(ctx, { name: `${source.name} (copy)`, description: source.description, sql })
    } catch (e) {
      throw new Error(MSG.createQueryFailed(errorMessage(e)))
    }
    await openIt(ctx, copy)
    return copy
  },
})

// ---- delete ----

/** A pick from the palette is one id; buttons and tests pass several. */
const ids = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(snippetId).min(1, 'Pick a query'))

const isNotFound = (e: unknown) =>
  e instanceof ApiError && e.code === 404 && (e.message === CONTENT_NOT_FOUND || e.message === MSG.contentsNotFound)

/**
 * Spec 8: 'Content(s) not found' (404) means already deleted. The server deletes all or nothing, so when
 * some were gone the ones still there are deleted in a second call.
 */
async function deleteOnServer(ctx: CommandContext, chosen: string[]): Promise<void> {
  try {
    await ctx.api.deleteContents(ctx.ref, chosen)
  } catch (e) {
    if (!isNotFound(e)) throw e
    const still = (await fetchSnippets(ctx)).filter((s) => chosen.includes(s.id)).map((s) => s.id)
    if (still.length) await ctx.api.deleteContents(ctx.ref, still).catch((again: unknown) => {
      if (!isNotFound(again)) throw again
    })
  }
}

export const deleteSnippets = defineCommand({
  id: 'sql.snippet.delete',
  title: 'Delete queries',
  area: AREA,
  keywords: ['snippet', 'remove', 'trash'],
  args: z.object({ ids: ids.optional() }),
  argLabels: { ids: 'Query (skip: the selected ones, or the open one)' },
  argOptions: { ids: ownedOptions },
  when: inEditor,
  enabled: (ctx) => (snippetsState.selected.length > 0 ? true : ownsOpen('delete')(ctx)),
  run: async (ctx, args) => {
    const open = openId(ctx)
    const chosen = args.ids ?? (snippetsState.selected.length ? [...snippetsState.selected] : open ? [open] : [])
    if (chosen.length === 0) throw new CommandError('Select the queries to delete', 'invalid-args')
    const [snippets, me] = await Promise.all([fetchSnippets(ctx), userId(ctx)])
    const known = snippets.filter((s) => chosen.includes(s.id))
    if (known.some((s) => !isOwnSnippet(s, me))) throw new CommandError(MSG.contentOwnerOnly('delete'), 'disabled')
    const one = chosen.length === 1
    const confirmed = await ctx.confirm({
      title: one ? 'Delete query' : `Delete ${chosen.length} queries`,
      description: one
        ? `"${known[0]?.name ?? 'This query'}" will be deleted for good.`
        : `${known.map((s) => `"${s.name}"`).join(', ')} will be deleted for good.`,
      confirmLabel: 'Delete',
      destructive: true,
    })
    if (!confirmed) return
    try {
      await deleteOnServer(ctx, chosen)
    } catch (e) {
      throw new Error(one ? MSG.deleteQueryFailed(errorMessage(e)) : MSG.deleteQueriesFailed(errorMessage(e)))
    }
    uncacheSnippets(ctx.queryClient, ctx.ref, chosen)
    for (const id of chosen) clearDraft(id)
    clearSelection()
    const remaining = orderedSnippets(await fetchSnippets(ctx))
    const first = remaining[0]
    if (!first) await ctx.navigate({ to: paths.sqlNew(ctx.ref) })
    else if (open && chosen.includes(open)) await openIt(ctx, first)
  },
})

// ---- templates and quickstarts ----

export const openTemplates = defineCommand({
  id: 'sql.templates.open',
  title: 'SQL templates',
  area: AREA,
  keywords: ['examples', 'scripts', 'snippets', 'rls', 'index'],
  when: inEditor,
  run: (ctx) => ctx.navigate({ to: paths.sqlTemplates(ctx.ref) }),
})

export const openQuickstarts = defineCommand({
  id: 'sql.quickstarts.open',
  title: 'SQL quickstarts',
  area: AREA,
  keywords: ['examples', 'schema', 'todo', 'blog', 'shop'],
  when: inEditor,
  run: (ctx) => ctx.navigate({ to: paths.sqlQuickstarts(ctx.ref) }),
})

export const useTemplate = defineCommand({
  id: 'sql.template.use',
  title: 'New query from a template',
  area: AREA,
  keywords: ['template', 'quickstart', 'example', 'snippet'],
  args: z.object({ template: z.string().min(1, 'Pick a template') }),
  argLabels: { template: 'Template' },
  argOptions: { template: () => SQL_TEMPLATES.map((t) => ({ value: t.id, label: t.name, hint: t.kind === 'quickstart' ? 'Quickstart' : 'Template' })) },
  when: inEditor,
  enabled: canCreate,
  run: async (ctx, args) => {
    const template = findTemplate(args.template)
    if (!template) throw new CommandError(`There is no template "${args.template}"`, 'invalid-args')
    let snippet: Snippet
    try {
      snippet = await createSnippet(ctx, { name: template.name, description: template.description, sql: template.sql })
    } catch (e) {
      throw new Error(MSG.createQueryFailed(errorMessage(e)))
    }
    await openIt(ctx, snippet)
    return snippet
  },
})
