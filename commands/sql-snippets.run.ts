/** The bodies of sql-snippets.ts's commands: every change goes through the content API. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { canCreate, fetchSnippets, openId, userId } from './sql-snippets'
import type {
  CopyPersonalArgs, DeleteSnippetsArgs, DuplicateSnippetArgs, FavoriteSnippetArgs, NewSnippetArgs, OpenSnippetArgs,
  RenameSnippetArgs, SaveSnippetArgs, ShareSnippetArgs, UseTemplateArgs,
} from './sql-snippets'
import type { CommandContext } from '../src/web/model/app/context'
import { CONTENT_NOT_FOUND, type ContentUpdateBody, type Snippet, type SnippetContent } from '../src/shared/content'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { ApiError } from '../src/web/data/api'
import { cacheSnippet, uncacheSnippets } from '../src/web/model/sql-editor/snippets/snippet-queries'
import { findTemplate } from '../src/web/model/sql-editor/templates/templates'
import { clearDraft, sqlDrafts } from '../src/web/model/sql-editor/sql-drafts'
import {
  NEW_SNIPPET_ID, clearSelection, isOwnSnippet, orderedSnippets, setNewQueryName, snippetsState,
} from '../src/web/model/sql-editor/snippets'
import { openSnippet } from '../src/web/model/sql-editor/sql-editor'
import { errorMessage } from '../src/shared/error-message'

const UNTITLED = 'Untitled query'

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

/** The save of /sql/new under way: a second save (autosave, 'New query') waits for it instead of creating a twin. */
let savingNew: Promise<void> | null = null

/**
 * The first save of /sql/new makes it a snippet, named as 'New query' was told or from its SQL: what is
 * typed meanwhile moves over with it. An empty (or blank) query is not saved.
 */
function saveNewDraft(ctx: CommandContext, draft: { sql: string; at: number }): Promise<void> {
  if (!draft.sql.trim()) return Promise.resolve()
  const reason = canCreate(ctx)
  if (reason !== true) return Promise.reject(new CommandError(reason, 'disabled'))
  savingNew ??= createFromNewDraft(ctx, draft).finally(() => (savingNew = null))
  return savingNew
}

async function createFromNewDraft(ctx: CommandContext, draft: { sql: string; at: number }): Promise<void> {
  const named = snippetsState.newQueryName
  const title = named ? { name: named, description: '' } : await titleFor(ctx, draft.sql)
  let snippet: Snippet
  try {
    snippet = await createSnippet(ctx, { ...title, sql: draft.sql })
  } catch (e) {
    throw new Error(MSG.createQueryFailed(errorMessage(e)))
  }
  setNewQueryName(null)
  const latest = sqlDrafts[NEW_SNIPPET_ID]
  if (latest && latest.at !== draft.at) sqlDrafts[snippet.id] = latest
  clearDraft(NEW_SNIPPET_ID)
  if (ctx.route.id === 'sql-editor.new') await openIt(ctx, snippet, true)
}

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

/**
 * 'New query' with SQL creates the snippet and opens it. Without SQL nothing is saved: the editor opens
 * empty on /sql/new (what was typed there before is saved first), and its first save, once something is
 * typed, creates the snippet (with the name given here, if any). Leaving it empty saves nothing.
 */
export const newSnippet = async (ctx: CommandContext, { sql = '', name }: z.infer<typeof NewSnippetArgs>): Promise<Snippet | undefined> => {
  if (!sql.trim()) {
    const typed = sqlDrafts[NEW_SNIPPET_ID]
    if (typed) await saveNewDraft(ctx, typed)
    clearDraft(NEW_SNIPPET_ID)
    setNewQueryName(name ?? null)
    await ctx.navigate({ to: paths.sqlNew(ctx.ref) })
    openSnippet(NEW_SNIPPET_ID, '')
    return undefined
  }
  const title = name ? { name, description: '' } : await titleFor(ctx, sql)
  let snippet: Snippet
  try {
    snippet = await createSnippet(ctx, { ...title, sql })
  } catch (e) {
    throw new Error(MSG.createQueryFailed(errorMessage(e)))
  }
  await openIt(ctx, snippet)
  return snippet
}

export const openSnippetCommand = async (ctx: CommandContext, { id }: z.infer<typeof OpenSnippetArgs>) => openIt(ctx, await target(ctx, id))

export const saveSnippet = async (ctx: CommandContext, { id }: z.infer<typeof SaveSnippetArgs>) => {
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
}

export const renameSnippet = async (ctx: CommandContext, { id, name }: z.infer<typeof RenameSnippetArgs>) => {
  const snippet = await target(ctx, id)
  await requireOwner(ctx, snippet, 'rename')
  try {
    return await update(ctx, snippet.id, { name })
  } catch (e) {
    throw new Error(MSG.renameQueryFailed(errorMessage(e)))
  }
}

export const favoriteSnippet = async (ctx: CommandContext, { id }: z.infer<typeof FavoriteSnippetArgs>) => {
  const snippet = await target(ctx, id)
  await requireOwner(ctx, snippet, 'favorite')
  try {
    return await update(ctx, snippet.id, { content: { ...snippet.content, favorite: !snippet.content.favorite } })
  } catch (e) {
    throw new Error(`Failed to update query: ${errorMessage(e)}`)
  }
}

export const shareSnippet = async (ctx: CommandContext, { id }: z.infer<typeof ShareSnippetArgs>) => {
  const snippet = await target(ctx, id)
  await requireOwner(ctx, snippet, 'share')
  if (snippet.visibility === 'project') throw new CommandError('This query is already shared with the project', 'disabled')
  try {
    return await update(ctx, snippet.id, { visibility: 'project' })
  } catch (e) {
    throw new Error(MSG.shareQueryFailed(errorMessage(e)))
  }
}

export const copyPersonal = async (ctx: CommandContext, { id }: z.infer<typeof CopyPersonalArgs>) => {
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
}

export const duplicateSnippet = async (ctx: CommandContext, { id }: z.infer<typeof DuplicateSnippetArgs>) => {
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
}

export const deleteSnippets = async (ctx: CommandContext, args: z.infer<typeof DeleteSnippetsArgs>) => {
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
}

export const openTemplates = (ctx: CommandContext) => ctx.navigate({ to: paths.sqlTemplates(ctx.ref) })

export const openQuickstarts = (ctx: CommandContext) => ctx.navigate({ to: paths.sqlQuickstarts(ctx.ref) })

export const useTemplate = async (ctx: CommandContext, args: z.infer<typeof UseTemplateArgs>) => {
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
}
