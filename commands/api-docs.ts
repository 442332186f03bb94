/**
 * The API docs (spec 2, API docs: /project/{ref}/api): going there, opening a table's, view's, function's
 * or bucket's docs, switching the key and the language the snippets use (kept per browser), revealing the
 * service key, and copying a snippet. Bodies in api-docs.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { NO_QUERY, currentFirst, defineCommand, lazyRun, type ArgOption } from './registry'
import { bucketOptions } from './bucket-args'
import type { CommandContext } from '../src/web/model/app/context'
import { paths } from '../src/shared/routes'
import { docsFunctions, docsResources } from '../src/web/model/api/openapi'
import { readOpenApi, snippetsOf } from '../src/web/model/api/docs-data'
import { apiDocsPrefs, DOCS_KEYS, DOCS_LANGUAGES, KEY_LABELS, LANGUAGE_LABELS } from '../src/web/model/api/preferences'
import { apiDocsSearchSchema, apiDocsView } from '../src/web/model/api/search'

const load = () => import('./api-docs.run')
const AREA = 'api'

/** On a docs page (not GraphiQL, which has its own key switch). */
const onDocs = (ctx: CommandContext) => ctx.route.id === 'api'
/** The docs page in view, from the URL. */
export const viewOf = (ctx: CommandContext) => apiDocsView(apiDocsSearchSchema.parse(ctx.location.search))

export const goToApiDocs = defineCommand({
  id: 'nav.api-docs.go',
  title: 'Go to API Docs',
  area: 'navigation',
  keywords: ['api', 'docs', 'documentation', 'rest', 'postgrest', 'openapi', 'snippets', 'client'],
  run: (ctx) => ctx.navigate({ to: paths.apiDocs(ctx.ref) }),
})

/** `resource:{name}` for a table or view, `rpc:{name}` for a function. */
export const OpenApiDocsArgs = z.object({
  target: z.string({ error: 'Pick a table, view or function' }).regex(/^(resource|rpc):.+$/, 'Pick a table, view or function'),
})

export const openApiDocs = defineCommand({
  id: 'api.docs.open',
  title: 'Open API docs for a table, view or function',
  area: AREA,
  keywords: ['api', 'docs', 'rest', 'rpc', 'function', 'table', 'view', 'snippet', 'supabase-js', 'curl'],
  args: OpenApiDocsArgs,
  argLabels: { target: 'Table, view or function' },
  argOptions: {
    target: async (ctx, _sofar, { query } = NO_QUERY): Promise<ArgOption[]> => {
      const doc = await readOpenApi(ctx.api, ctx.queryClient, ctx.ref, apiDocsPrefs.key)
      const view = ctx.route.id === 'api' ? viewOf(ctx) : null
      const current = view?.kind === 'resource' ? `resource:${view.name}` : view?.kind === 'rpc' ? `rpc:${view.name}` : undefined
      const options = [
        ...docsResources(doc).map((r) => ({ value: `resource:${r.name}`, label: r.name, hint: 'Table or view' })),
        ...docsFunctions(doc).map((f) => ({ value: `rpc:${f.name}`, label: f.name, hint: 'Function' })),
      ].filter((o) => !query || o.label.toLowerCase().includes(query.toLowerCase()))
      return currentFirst(options, current)
    },
  },
  run: lazyRun(load, 'openApiDocs'),
})

export const OpenStorageDocsArgs = z.object({ bucketId: z.string({ error: 'Pick a bucket' }).min(1, 'Pick a bucket') })

export const openStorageDocs = defineCommand({
  id: 'api.docs.storage.open',
  title: 'Open storage API docs for a bucket',
  area: AREA,
  keywords: ['api', 'docs', 'storage', 'bucket', 'storage-js', 'upload', 'snippet'],
  args: OpenStorageDocsArgs,
  argLabels: { bucketId: 'Bucket' },
  argOptions: { bucketId: bucketOptions },
  run: lazyRun(load, 'openStorageDocs'),
})

export const SetDocsKeyArgs = z.object({ key: z.enum(DOCS_KEYS).optional() })

export const setDocsKey = defineCommand({
  id: 'api.docs.key',
  title: 'Switch API docs key',
  area: AREA,
  keywords: ['key', 'anon', 'service role', 'secret', 'snippets', 'switch'],
  args: SetDocsKeyArgs,
  argLabels: { key: 'Key the snippets use' },
  argOptions: { key: () => DOCS_KEYS.map((k) => ({ value: k, label: KEY_LABELS[k], hint: k === apiDocsPrefs.key ? 'in use' : undefined })) },
  when: onDocs,
  checked: () => apiDocsPrefs.key === 'service_role',
  run: lazyRun(load, 'setDocsKey'),
})

export const revealServiceKey = defineCommand({
  id: 'api.docs.key.reveal',
  title: 'Reveal or hide the service_role key in API docs',
  area: AREA,
  keywords: ['service role', 'secret', 'show', 'hide', 'mask', 'key'],
  when: onDocs,
  enabled: () => apiDocsPrefs.key === 'service_role' || 'Switch the snippets to the service_role key first',
  checked: () => apiDocsPrefs.revealed,
  run: lazyRun(load, 'revealServiceKey'),
})

export const SetDocsLanguageArgs = z.object({ language: z.enum(DOCS_LANGUAGES).optional() })

export const setDocsLanguage = defineCommand({
  id: 'api.docs.language',
  title: 'Switch API docs language',
  area: AREA,
  keywords: ['language', 'javascript', 'js', 'bash', 'curl', 'shell', 'snippets', 'switch'],
  args: SetDocsLanguageArgs,
  argLabels: { language: 'Language' },
  argOptions: { language: () => DOCS_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l], hint: l === apiDocsPrefs.language ? 'in use' : undefined })) },
  when: onDocs,
  run: lazyRun(load, 'setDocsLanguage'),
})

export const CopySnippetArgs = z.object({ snippet: z.string({ error: 'Pick a snippet' }).min(1, 'Pick a snippet') })

export const copySnippet = defineCommand({
  id: 'api.docs.copy',
  title: 'Copy an API docs snippet',
  area: AREA,
  keywords: ['copy', 'snippet', 'code', 'clipboard', 'example'],
  args: CopySnippetArgs,
  argLabels: { snippet: 'Snippet' },
  argOptions: {
    snippet: async (ctx) => (await snippetsOf(ctx.api, ctx.queryClient, ctx.ref, viewOf(ctx)))
      .filter((s) => !s.unavailable)
      .map((s) => ({ value: s.id, label: s.title })),
  },
  when: onDocs,
  run: lazyRun(load, 'copySnippet'),
})

export const reloadApiDocs = defineCommand({
  id: 'api.docs.reload',
  title: 'Reload API docs',
  area: AREA,
  keywords: ['refresh', 'retry', 'reload', 'openapi', 'schema'],
  when: (ctx) => ctx.route.matches('api'),
  run: lazyRun(load, 'reloadApiDocs'),
})
