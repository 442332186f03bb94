/**
 * SQL snippet commands (issue 4; spec 4 'SQL snippets', 5 'Reports and snippets', 6, 8): create, save
 * (autosave), rename, delete, favorite, share, personal copy, duplicate, open, and the templates and
 * quickstarts. Every change goes through the content API; the server enforces ownership as well.
 * An optional `id` means the snippet open in the editor. The bodies are in sql-snippets.run.ts, loaded on
 * first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { Snippet } from '../src/shared/content'
import { MSG } from '../src/shared/messages'
import { profileQuery, snippetsKey, snippetsQuery } from '../src/web/model/sql-editor/snippets/snippet-queries'
import { sqlDrafts } from '../src/web/model/sql-editor/sql-drafts'
import { isOwnSnippet, orderedSnippets, snippetsState } from '../src/web/model/sql-editor/snippets'

const load = () => import('./sql-snippets.run')

const AREA = 'sql-editor'

const inEditor = (ctx: CommandContext) => ctx.route.matches('sql-editor')
export const openId = (ctx: CommandContext): string | undefined =>
  ctx.route.id === 'sql-editor.snippet' ? ctx.route.params.id : undefined

export const canCreate = (ctx: CommandContext) => ctx.can('createUserContent') || MSG.snippetNoPermission

const cachedSnippets = (ctx: CommandContext) => ctx.queryClient.getQueryData<Snippet[]>(snippetsKey(ctx.ref))
export const fetchSnippets = (ctx: CommandContext) => ctx.queryClient.fetchQuery(snippetsQuery(ctx.api, ctx.ref))
export const userId = async (ctx: CommandContext) => (await ctx.queryClient.ensureQueryData(profileQuery(ctx.api))).id

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

// ---- create and open ----

export const NewSnippetArgs = z.object({ sql: z.string().optional(), name: queryName.optional() })

export const newSnippet = defineCommand({
  id: 'sql.snippet.new',
  title: 'New query',
  area: AREA,
  keywords: ['snippet', 'create', 'sql', 'untitled'],
  args: NewSnippetArgs,
  argLabels: { sql: 'SQL (optional)', name: 'Name (optional: derived from the SQL)' },
  enabled: canCreate,
  run: lazyRun(load, 'newSnippet'),
})

export const OpenSnippetArgs = z.object({ id: snippetId })

export const openSnippetCommand = defineCommand({
  id: 'sql.snippet.open',
  title: 'Open query',
  area: AREA,
  keywords: ['snippet', 'switch', 'go to', 'saved'],
  args: OpenSnippetArgs,
  argLabels: { id: 'Query' },
  argOptions: { id: (ctx) => snippetOptions(ctx) },
  run: lazyRun(load, 'openSnippetCommand'),
})

// ---- autosave ----

export const SaveSnippetArgs = z.object(optionalId)

export const saveSnippet = defineCommand({
  id: 'sql.snippet.save',
  title: 'Save query',
  area: AREA,
  keywords: ['snippet', 'autosave', 'draft', 'store'],
  args: SaveSnippetArgs,
  argLabels: idLabel,
  argOptions: {
    id: async (ctx) => (await snippetOptions(ctx)).filter((o) => sqlDrafts[o.value] !== undefined),
  },
  when: (ctx) => inEditor(ctx) || Object.keys(sqlDrafts).length > 0,
  run: lazyRun(load, 'saveSnippet'),
})

// ---- change ----

export const RenameSnippetArgs = z.object({ ...optionalId, name: queryName })

export const renameSnippet = defineCommand({
  id: 'sql.snippet.rename',
  title: 'Rename query',
  area: AREA,
  keywords: ['snippet', 'name', 'title'],
  args: RenameSnippetArgs,
  argLabels: { ...idLabel, name: 'New name' },
  argOptions: { id: ownedOptions },
  when: inEditor,
  enabled: ownsOpen('rename'),
  run: lazyRun(load, 'renameSnippet'),
})

export const FavoriteSnippetArgs = z.object(optionalId)

export const favoriteSnippet = defineCommand({
  id: 'sql.snippet.favorite',
  title: 'Favorite query',
  area: AREA,
  keywords: ['snippet', 'star', 'pin', 'unfavorite'],
  args: FavoriteSnippetArgs,
  argLabels: idLabel,
  argOptions: { id: ownedOptions },
  when: inEditor,
  enabled: ownsOpen('favorite'),
  checked: (ctx) => openSnippet(ctx)?.content.favorite ?? false,
  run: lazyRun(load, 'favoriteSnippet'),
})

export const ShareSnippetArgs = z.object(optionalId)

export const shareSnippet = defineCommand({
  id: 'sql.snippet.share',
  title: 'Share query with the project',
  area: AREA,
  keywords: ['snippet', 'team', 'project', 'shared', 'publish'],
  args: ShareSnippetArgs,
  argLabels: idLabel,
  argOptions: { id: (ctx) => snippetOptions(ctx, (s, me) => isOwnSnippet(s, me) && s.visibility === 'user') },
  when: inEditor,
  enabled: (ctx) => {
    const open = openSnippet(ctx)
    if (open?.visibility === 'project') return 'This query is already shared with the project'
    const owns = ownsOpen('share')(ctx)
    return owns === true ? canCreate(ctx) : owns
  },
  run: lazyRun(load, 'shareSnippet'),
})

// ---- copies ----

export const CopyPersonalArgs = z.object(optionalId)

export const copyPersonal = defineCommand({
  id: 'sql.snippet.copy-personal',
  title: 'Create a personal copy of this query',
  area: AREA,
  keywords: ['snippet', 'fork', 'private', 'shared'],
  args: CopyPersonalArgs,
  argLabels: idLabel,
  argOptions: { id: (ctx) => snippetOptions(ctx, (s) => s.visibility === 'project') },
  when: inEditor,
  enabled: (ctx) => (openSnippet(ctx)?.visibility === 'user' ? 'This query is already personal' : canCreate(ctx)),
  run: lazyRun(load, 'copyPersonal'),
})

export const DuplicateSnippetArgs = z.object(optionalId)

export const duplicateSnippet = defineCommand({
  id: 'sql.snippet.duplicate',
  title: 'Duplicate query',
  area: AREA,
  keywords: ['snippet', 'copy', 'clone'],
  args: DuplicateSnippetArgs,
  argLabels: idLabel,
  argOptions: { id: (ctx) => snippetOptions(ctx) },
  when: inEditor,
  enabled: canCreate,
  run: lazyRun(load, 'duplicateSnippet'),
})

// ---- delete ----

/** A pick from the palette is one id; buttons and tests pass several. */
const ids = z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(snippetId).min(1, 'Pick a query'))

export const DeleteSnippetsArgs = z.object({ ids: ids.optional() })

export const deleteSnippets = defineCommand({
  id: 'sql.snippet.delete',
  title: 'Delete queries',
  area: AREA,
  keywords: ['snippet', 'remove', 'trash'],
  args: DeleteSnippetsArgs,
  argLabels: { ids: 'Query (skip: the selected ones, or the open one)' },
  argOptions: { ids: ownedOptions },
  when: inEditor,
  enabled: (ctx) => (snippetsState.selected.length > 0 ? true : ownsOpen('delete')(ctx)),
  run: lazyRun(load, 'deleteSnippets'),
})

// ---- templates and quickstarts ----

export const openTemplates = defineCommand({
  id: 'sql.templates.open',
  title: 'SQL templates',
  area: AREA,
  keywords: ['examples', 'scripts', 'snippets', 'rls', 'index'],
  when: inEditor,
  run: lazyRun(load, 'openTemplates'),
})

export const openQuickstarts = defineCommand({
  id: 'sql.quickstarts.open',
  title: 'SQL quickstarts',
  area: AREA,
  keywords: ['examples', 'schema', 'todo', 'blog', 'shop'],
  when: inEditor,
  run: lazyRun(load, 'openQuickstarts'),
})

export const UseTemplateArgs = z.object({ template: z.string().min(1, 'Pick a template') })

export const useTemplate = defineCommand({
  id: 'sql.template.use',
  title: 'New query from a template',
  area: AREA,
  keywords: ['template', 'quickstart', 'example', 'snippet'],
  args: UseTemplateArgs,
  argLabels: { template: 'Template' },
  // the templates' SQL loads with the palette's step, not with the app
  argOptions: {
    template: async () =>
      (await import('../src/web/model/sql-editor/templates/templates')).SQL_TEMPLATES.map((t) => ({
        value: t.id, label: t.name, hint: t.kind === 'quickstart' ? 'Quickstart' : 'Template',
      })),
  },
  when: inEditor,
  enabled: canCreate,
  run: lazyRun(load, 'useTemplate'),
})
