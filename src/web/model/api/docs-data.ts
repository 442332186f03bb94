/**
 * The docs' data as commands read it (headless): the settings, the project's status and the OpenAPI
 * document through the same react-query keys the pages use, and the snippets of the page in view.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Api } from '../../data/api'
import { MSG } from '../../../shared/messages'
import type { ProjectApiSettings } from '../../../shared/storage'
import { projectQuery } from '../project/project-queries'
import { apiSettingsQuery } from '../settings/queries'
import { bucketsQuery } from '../storage/buckets/queries'
import { openApiQuery, type DocsKey, type OpenApiDocument } from './openapi'
import { pageSnippets, snippetTarget } from './page-snippets'
import { apiDocsPrefs } from './preferences'
import type { ApiDocsView } from './search'
import type { DocSnippet } from './snippets'


export async function readSettings(api: Api, queryClient: QueryClient, ref: string): Promise<ProjectApiSettings> {
  return queryClient.ensureQueryData(apiSettingsQuery(api, ref))
}

/** The document (cached per key; read again when `fresh`), or why it cannot be read: a paused project, a key the user may not see. */
export async function readOpenApi(api: Api, queryClient: QueryClient, ref: string, key: DocsKey, fresh = false): Promise<OpenApiDocument> {
  const [settings, project] = await Promise.all([readSettings(api, queryClient, ref), queryClient.ensureQueryData(projectQuery(api, ref))])
  if (project.status === 'INACTIVE') throw new Error(MSG.apiDocsInactive)
  const query = openApiQuery(ref, settings, key, true)
  if (!query.enabled) throw new Error(MSG.viewSecretKeysPermission)
  return fresh ? queryClient.fetchQuery({ ...query, staleTime: 0 }) : queryClient.ensureQueryData(query)
}

/** The bucket of the storage docs: the one the URL names (its id), else the first. */
export function docsBucket<B extends { id: string }>(buckets: readonly B[], id: string | undefined): B | undefined {
  return buckets.find((b) => b.id === id) ?? buckets[0]
}

/** The snippets of a docs page with the key and reveal chosen now. */
export async function snippetsOf(api: Api, queryClient: QueryClient, ref: string, view: ApiDocsView): Promise<DocSnippet[]> {
  const settings = await readSettings(api, queryClient, ref)
  const target = snippetTarget(settings, apiDocsPrefs.key, apiDocsPrefs.revealed)
  if (!target) throw new Error(MSG.viewSecretKeysPermission)
  const doc = view.kind === 'resource' || view.kind === 'rpc' ? await readOpenApi(api, queryClient, ref, apiDocsPrefs.key) : undefined
  let bucket: { name: string; public: boolean } | undefined
  if (view.kind === 'storage') {
    const buckets = await queryClient.ensureQueryData(bucketsQuery(api, ref))
    const found = docsBucket(buckets, view.bucket)
    bucket = found ? { name: found.id, public: found.public } : undefined
  }
  return pageSnippets(view, { target, doc, bucket })
}
