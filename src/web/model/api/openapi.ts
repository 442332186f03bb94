/**
 * The project's OpenAPI document (GET {api_url}/rest/v1/, swagger 2.0 as PostgREST 12 answers it), fetched
 * from the browser with the key the docs use, and what the docs read from it: the tables and views
 * (`definitions`), the functions (`/rpc/{fn}` paths) and their arguments.
 */
import { queryOptions } from '@tanstack/react-query'
import { MSG } from '../../../shared/messages'
import type { ProjectApiSettings } from '../../../shared/storage'

export interface OpenApiProperty {
  type?: string
  format?: string
  description?: string
  default?: unknown
  maxLength?: number
  enum?: unknown[]
  items?: { type?: string }
}

export interface OpenApiDefinition {
  type?: string
  description?: string
  required?: string[]
  properties?: Record<string, OpenApiProperty>
}

export interface OpenApiParameter {
  $ref?: string
  name?: string
  in?: string
  required?: boolean
  type?: string
  format?: string
  description?: string
  schema?: { $ref?: string; type?: string; required?: string[]; properties?: Record<string, OpenApiProperty> }
}

export interface OpenApiOperation {
  tags?: string[]
  summary?: string
  description?: string
  parameters?: OpenApiParameter[]
}

export interface OpenApiDocument {
  swagger: string
  info: { title?: string; description?: string; version?: string }
  host?: string
  basePath?: string
  paths: Record<string, Partial<Record<'get' | 'post' | 'patch' | 'delete', OpenApiOperation>>>
  definitions?: Record<string, OpenApiDefinition>
  parameters?: Record<string, OpenApiParameter>
}

export type DocsKey = 'anon' | 'service_role'

export const openApiKeys = {
  doc: (ref: string, key: DocsKey) => ['project', ref, 'api-docs', 'openapi', key] as const,
}

/** The key's value in the settings, or null when the user may not read it (the service key needs SQL admin write). */
export function keyValue(settings: ProjectApiSettings, key: DocsKey): string | null {
  return key === 'anon' ? settings.anon_key : settings.service_role_key
}

/** GETs the document as a client would: the key as `apikey` and as the bearer token. */
export async function fetchOpenApi(apiUrl: string, key: string, fetcher: typeof fetch = fetch): Promise<OpenApiDocument> {
  const res = await fetcher(`${apiUrl}/rest/v1/`, {
    headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/openapi+json' },
  })
  const body = (await res.json().catch(() => null)) as { message?: string } | OpenApiDocument | null
  if (!res.ok) {
    const message = body && 'message' in body && body.message ? body.message : `HTTP ${res.status}`
    throw new Error(MSG.apiDocsFailed(message))
  }
  if (!body || !('paths' in body)) throw new Error(MSG.apiDocsFailed('the answer is not an OpenAPI document'))
  return body
}

/**
 * The docs query: off while the settings are unknown or the project is INACTIVE (spec, Project and bucket:
 * the API docs query is skipped), and when the chosen key is not readable.
 */
export function openApiQuery(ref: string, settings: ProjectApiSettings | undefined, key: DocsKey, projectActive: boolean) {
  const value = settings ? keyValue(settings, key) : null
  return queryOptions({
    queryKey: openApiKeys.doc(ref, key),
    queryFn: () => fetchOpenApi(settings!.api_url, value!),
    enabled: Boolean(settings && value && projectActive),
    retry: false,
  })
}

export interface DocsResource {
  name: string
  description: string | null
}

export interface DocsFunction {
  name: string
  description: string | null
}

/** The tables and views the document describes, by name. */
export function docsResources(doc: OpenApiDocument): DocsResource[] {
  return Object.entries(doc.definitions ?? {})
    .filter(([name]) => doc.paths[`/${name}`])
    .map(([name, d]) => ({ name, description: d.description ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The functions the document describes (`/rpc/{name}`), by name. */
export function docsFunctions(doc: OpenApiDocument): DocsFunction[] {
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/rpc/'))
    .map(([path, ops]) => ({ name: path.slice(5), description: (ops.post ?? ops.get)?.summary ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
