/**
 * The API docs page's URL search (spec 2, API docs): `page` (a guide), or `resource` (a table or view),
 * `rpc` (a function), `bucket` (with page=storage: that bucket's storage docs). No page: the introduction.
 */
import { z } from 'zod'

export const API_DOCS_PAGES = ['intro', 'auth', 'users', 'tables-intro', 'rpc-intro', 'storage'] as const
export type ApiDocsPage = (typeof API_DOCS_PAGES)[number]

const name = z.coerce.string().min(1).max(255).optional().catch(undefined)

export const apiDocsSearchSchema = z.object({
  page: z.enum(API_DOCS_PAGES).optional().catch(undefined),
  resource: name,
  rpc: name,
  bucket: name,
})
export type ApiDocsSearch = z.output<typeof apiDocsSearchSchema>

/** What the page shows for a search: a table/view, a function, a bucket's storage docs, or a guide. */
export type ApiDocsView =
  | { kind: 'resource'; name: string }
  | { kind: 'rpc'; name: string }
  | { kind: 'storage'; bucket: string | undefined }
  | { kind: 'guide'; page: Exclude<ApiDocsPage, 'storage'> }

export function apiDocsView(search: ApiDocsSearch): ApiDocsView {
  if (search.resource) return { kind: 'resource', name: search.resource }
  if (search.rpc) return { kind: 'rpc', name: search.rpc }
  if (search.page === 'storage') return { kind: 'storage', bucket: search.bucket }
  return { kind: 'guide', page: search.page ?? 'intro' }
}
