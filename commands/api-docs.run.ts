/**
 * The bodies of api-docs.ts's commands: open a docs page (checked against the OpenAPI document or the
 * buckets), switch the key or the language (kept per browser), reveal the service key, copy a snippet.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import { existingBucket } from './bucket-args'
import { viewOf, type CopySnippetArgs, type OpenApiDocsArgs, type OpenStorageDocsArgs, type SetDocsKeyArgs, type SetDocsLanguageArgs } from './api-docs'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { readOpenApi, readSettings, snippetsOf } from '../src/web/model/api/docs-data'
import { snippetCode } from '../src/web/model/api/page-snippets'
import { apiDocsPrefs, KEY_LABELS, LANGUAGE_LABELS, setDocsKey as storeKey, setDocsLanguage as storeLanguage, setServiceKeyRevealed } from '../src/web/model/api/preferences'

export const openApiDocs = async (ctx: CommandContext, { target }: z.infer<typeof OpenApiDocsArgs>) => {
  const [kind, ...rest] = target.split(':')
  const name = rest.join(':')
  const doc = await readOpenApi(ctx.api, ctx.queryClient, ctx.ref, apiDocsPrefs.key)
  const path = kind === 'rpc' ? `/rpc/${name}` : `/${name}`
  if (!doc.paths[path]) throw new CommandError(MSG.apiDocsNotFound(kind === 'rpc' ? `Function ${name}` : `Table or view ${name}`), 'invalid-args')
  await ctx.navigate({ to: paths.apiDocs(ctx.ref, kind === 'rpc' ? { rpc: name } : { resource: name }) })
  return name
}

export const openStorageDocs = async (ctx: CommandContext, { bucketId }: z.infer<typeof OpenStorageDocsArgs>) => {
  const bucket = await existingBucket(ctx, bucketId)
  await ctx.navigate({ to: paths.apiDocs(ctx.ref, { page: 'storage', bucket: bucket.id }) })
  return bucket.id
}

export const setDocsKey = async (ctx: CommandContext, { key }: z.infer<typeof SetDocsKeyArgs>) => {
  const next = key ?? (apiDocsPrefs.key === 'anon' ? 'service_role' : 'anon')
  if (next === 'service_role') {
    const settings = await readSettings(ctx.api, ctx.queryClient, ctx.ref)
    if (!settings.service_role_key) throw new CommandError(MSG.viewSecretKeysPermission, 'disabled')
  }
  storeKey(next)
  ctx.toast.info(`Snippets use the ${KEY_LABELS[next]} key`)
  return next
}

export const revealServiceKey = (ctx: CommandContext) => {
  if (apiDocsPrefs.key !== 'service_role') throw new CommandError('Switch the snippets to the service_role key first', 'disabled')
  setServiceKeyRevealed(!apiDocsPrefs.revealed)
  if (apiDocsPrefs.revealed) ctx.toast.info(MSG.apiDocsServiceKeyWarning)
  return apiDocsPrefs.revealed
}

export const setDocsLanguage = (_ctx: CommandContext, { language }: z.infer<typeof SetDocsLanguageArgs>) => {
  const next = language ?? (apiDocsPrefs.language === 'js' ? 'bash' : 'js')
  storeLanguage(next)
  return LANGUAGE_LABELS[next]
}

export const copySnippet = async (ctx: CommandContext, { snippet }: z.infer<typeof CopySnippetArgs>) => {
  const snippets = await snippetsOf(ctx.api, ctx.queryClient, ctx.ref, viewOf(ctx))
  const found = snippets.find((s) => s.id === snippet)
  if (!found || found.unavailable) throw new CommandError(MSG.apiDocsNoSnippet(snippet), 'invalid-args')
  const { code } = snippetCode(found, apiDocsPrefs.language)
  if (!(await copyToClipboard(code))) return null
  ctx.toast.success(MSG.apiDocsCopied(found.title))
  return code
}

/** Reads the OpenAPI document again (after a failure, or after the schema changed). */
export const reloadApiDocs = async (ctx: CommandContext) => {
  await readOpenApi(ctx.api, ctx.queryClient, ctx.ref, apiDocsPrefs.key, true)
  return true
}
