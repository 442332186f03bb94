/**
 * The storage service of one studio: buckets, objects, the object store, the project keys, and who a
 * request to the project's storage API is (its apikey or bearer token).
 */
import type { FastifyRequest } from 'fastify'
import type { Impersonation } from '../../shared/api'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import { TokenError, type ProjectKeys } from '../platform/keys'
import { projectByRef } from '../platform/projects'
import { Buckets } from './buckets'
import { invalid, StorageError } from './errors'
import type { ObjectStore } from './object-store'
import { Objects } from './objects'

const API_ROLES = ['anon', 'authenticated', 'service_role']

/** What a signed URL's token allows on its one object: reading it, or uploading to it. */
export type ObjectTokenKind = 'download' | 'upload'

export class StorageService {
  readonly buckets: Buckets
  readonly objects: Objects

  constructor(
    readonly db: Driver,
    readonly store: ObjectStore,
    readonly keys: ProjectKeys,
  ) {
    this.buckets = new Buckets(db, store)
    this.objects = new Objects(db, store)
  }

  /** A token's claims, or storage's refusal (400, statusCode '403'). */
  async claims(ref: string, token: string) {
    try {
      return await this.keys.verify(ref, token)
    } catch (e) {
      if (e instanceof TokenError) throw new StorageError(400, 'Unauthorized', e.message, '403')
      throw e
    }
  }

  /** A token for a signed URL: `kind` on the object at `url` (`bucket/key`) only, until it expires. */
  signObjectToken(ref: string, kind: ObjectTokenKind, url: string, expiresIn: number, extra: Record<string, unknown> = {}) {
    return this.keys.sign(ref, { ...extra, url, kind }, expiresIn)
  }

  /** The claims of a signed URL's token, when it was made for `kind` on `url`; else storage's refusal. */
  async objectTokenClaims(ref: string, token: string | undefined, kind: ObjectTokenKind, url: string) {
    if (!token) throw invalid('Missing token')
    const claims = await this.claims(ref, token)
    if (claims.url !== url || claims.kind !== kind) throw new StorageError(400, 'InvalidSignature', MSG.signedUrlMismatch)
    return claims
  }

  /** Who the request is: the role and claims of its bearer token (or apikey). */
  async caller(request: FastifyRequest): Promise<Impersonation> {
    const ref = projectByRef((request.params as { ref: string }).ref).ref
    const auth = request.headers.authorization
    const apikey = request.headers.apikey
    const token = /^Bearer\s+(\S+)$/i.exec(auth ?? '')?.[1] ?? (typeof apikey === 'string' ? apikey : undefined)
    if (!token) throw new StorageError(400, 'Error', MSG.missingAuthorization)
    const claims = await this.claims(ref, token)
    // A signed URL's token opens one object through its own route, never the API as a caller.
    if (claims.url !== undefined) throw new StorageError(400, 'Unauthorized', 'a signed URL token is not an API key', '403')
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon'
    // As the API's authenticator role: it may become only these, never the database's own user.
    if (!API_ROLES.includes(role)) throw new StorageError(400, 'Unauthorized', `role "${role}" is not allowed`, '403')
    request.logRole = role
    return { role, claims }
  }

  async projectLimit(ref: string): Promise<number> {
    return (await this.keys.storageConfig(ref)).fileSizeLimit
  }
}
