/**
 * What every REST (and GraphQL) handler is given: the database, who the caller is, the project's Data API
 * settings and its schema cache.
 */
import type { FastifyRequest } from 'fastify'
import type { Impersonation } from '../../shared/api'
import type { RestConfig } from '../../shared/rest'
import type { Driver } from '../db/driver'
import { TokenError, type ProjectKeys } from '../platform/keys'
import { projectByRef } from '../platform/projects'
import { RestError } from './errors'
import type { SchemaCache } from './schema-cache'

/** The roles a token may name: the API's authenticator may become only these, never the database's own user. */
export const API_ROLES = ['anon', 'authenticated', 'service_role']

export interface RestContext {
  db: Driver
  keys: ProjectKeys
  /** the project's Data API settings (exposed schemas, extra search path, max rows) */
  config(ref: string): Promise<RestConfig>
  /**
   * The schema cache of the project's exposed schemas. `reload`: read the catalog again first (a name the
   * cache does not know may have been created since: the handlers reload once before answering 404).
   */
  cache(ref: string, opts?: { reload?: boolean }): Promise<SchemaCache>
  /** who the request is: the role and claims of its bearer token, or of its apikey */
  caller(request: FastifyRequest): Promise<Impersonation>
}

/** The project ref of a request under /api/projects/:ref (404 for an unknown project). */
export const refOf = (request: FastifyRequest) => projectByRef((request.params as { ref: string }).ref).ref

/**
 * The request's role and claims, as PostgREST behind Supabase's gateway sees them: `Authorization: Bearer`
 * (a user's access token or a key) or else the `apikey` header; neither is 401.
 */
export async function callerOf(keys: ProjectKeys, request: FastifyRequest): Promise<Impersonation> {
  const ref = refOf(request)
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1]
  const apikey = request.headers.apikey
  const token = bearer ?? (typeof apikey === 'string' && apikey ? apikey : undefined)
  if (!token) throw new RestError(401, 'PGRST301', 'No API key found in request', null, 'No `apikey` request header or url param was found.')
  let claims
  try {
    claims = await keys.verify(ref, token)
  } catch (e) {
    if (!(e instanceof TokenError)) throw e
    const expired = /expired/i.test(e.message)
    throw new RestError(401, expired ? 'PGRST303' : 'PGRST301', expired ? 'JWT expired' : e.message)
  }
  // A signed URL's token (storage) opens one object, never the API.
  if (claims.url !== undefined) throw new RestError(401, 'PGRST301', 'a signed URL token is not an API key')
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
  if (!API_ROLES.includes(role)) throw new RestError(401, 'PGRST301', `role "${role}" is not allowed`)
  request.logRole = role
  return { role, claims }
}
