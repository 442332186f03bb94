/**
 * The storage source: each call of the storage API (storage-js) and of the dashboard's storage calls, once
 * answered, as an operation (upload, download, update, move, copy, delete, list, sign, info, and the bucket
 * changes) on a bucket and key, with its size (an upload's stored bytes, a download's sent bytes), status,
 * error and the caller's role. The handlers note what they learn on the request (the role in
 * StorageService.caller, an upload's size, the error in the error handlers), so logging costs this one object.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { storage } from '../../shared/contract/storage'
import type { LogSink } from '../logs/collector'

declare module 'fastify' {
  interface FastifyRequest {
    /** the bytes an upload stored */
    storageSize?: number
    /** the message a failed storage call was answered with */
    storageError?: string
  }
}

/** `METHOD route` of the storage API (the route as registered, after /storage/v1) → the operation logged. */
export const API_OPERATIONS: Record<string, string> = {
  'GET /bucket': 'bucket_list',
  'GET /bucket/:id': 'bucket_get',
  'POST /bucket': 'bucket_create',
  'PUT /bucket/:id': 'bucket_update',
  'POST /bucket/:id/empty': 'bucket_empty',
  'DELETE /bucket/:id': 'bucket_delete',
  'POST /object/:bucket/*': 'upload',
  'PUT /object/:bucket/*': 'update',
  'PUT /object/upload/sign/:bucket/*': 'upload_signed',
  'GET /object/:bucket/*': 'download',
  'HEAD /object/:bucket/*': 'head',
  'GET /object/authenticated/:bucket/*': 'download',
  'HEAD /object/authenticated/:bucket/*': 'head',
  'GET /object/public/:bucket/*': 'download_public',
  'HEAD /object/public/:bucket/*': 'head',
  'GET /object/sign/:bucket/*': 'download_signed',
  'GET /object/info/:bucket/*': 'info',
  'GET /object/info/authenticated/:bucket/*': 'info',
  'GET /object/info/public/:bucket/*': 'info',
  'POST /object/list/:bucket': 'list',
  'POST /object/list-v2/:bucket': 'list',
  'POST /object/move': 'move',
  'POST /object/copy': 'copy',
  'DELETE /object/:bucket': 'delete',
  'POST /object/sign/:bucket/*': 'sign',
  'POST /object/sign/:bucket': 'sign',
  'POST /object/upload/sign/:bucket/*': 'sign_upload',
}

const dashboard = (e: { method: string; path: string }) => `${e.method} ${e.path}`
/** The dashboard's storage calls (their whole path) → the operation logged. */
export const DASHBOARD_OPERATIONS: Record<string, string> = {
  [dashboard(storage.buckets)]: 'bucket_list',
  [dashboard(storage.createBucket)]: 'bucket_create',
  [dashboard(storage.bucket)]: 'bucket_get',
  [dashboard(storage.updateBucket)]: 'bucket_update',
  [dashboard(storage.putBucket)]: 'bucket_update',
  [dashboard(storage.deleteBucket)]: 'bucket_delete',
  [dashboard(storage.emptyBucket)]: 'bucket_empty',
  [dashboard(storage.listObjects)]: 'list',
  [dashboard(storage.moveObject)]: 'move',
  [dashboard(storage.signObject)]: 'sign',
  [dashboard(storage.publicUrl)]: 'public_url',
  [dashboard(storage.deleteObjects)]: 'delete',
  [dashboard(storage.downloadObject)]: 'download',
  [dashboard(storage.uploadObject)]: 'upload',
}

interface Body {
  id?: unknown; name?: unknown; bucketId?: unknown; sourceKey?: unknown; destinationKey?: unknown; destinationBucket?: unknown
  prefixes?: unknown; prefix?: unknown; paths?: unknown; path?: unknown; from?: unknown; to?: unknown
}
interface Target {
  bucket: string | null
  key: string | null
  keys?: unknown
  destination?: { bucket: string | null; key: string | null }
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** The bucket and key (or keys) a call is on: from the path, else from the body or query (create, move, copy, delete, list). */
function targetOf(request: FastifyRequest): Target {
  const params = request.params as { bucket?: string; id?: string; '*'?: string }
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Body
  if (body.sourceKey !== undefined) {
    const bucket = text(body.bucketId)
    return { bucket, key: text(body.sourceKey), destination: { bucket: text(body.destinationBucket) ?? bucket, key: text(body.destinationKey) } }
  }
  const bucket = params.bucket ?? params.id ?? text(body.id) ?? text(body.name)
  if (body.from !== undefined) return { bucket, key: text(body.from), destination: { bucket, key: text(body.to) } }
  if (Array.isArray(body.prefixes) || Array.isArray(body.paths)) return { bucket, key: null, keys: body.prefixes ?? body.paths }
  const key = params['*'] ?? text(body.path) ?? text((request.query as { path?: unknown } | undefined)?.path) ?? text(body.prefix)
  return { bucket, key }
}

/** Logs the calls of this scope that `operations` names (keyed by `METHOD route`, the route less `strip`). */
export function installStorageLogs(app: FastifyInstance, logs: LogSink, operations: Record<string, string>, strip?: RegExp): void {
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url ?? ''
    const operation = operations[`${request.method} ${strip ? url.replace(strip, '') : url}`]
    if (!operation) return done()
    const status = reply.statusCode
    const { bucket, key, keys, destination } = targetOf(request)
    const size = request.storageSize ?? (operation.startsWith('download') ? Number(reply.getHeader('content-length')) || null : null)
    logs.record('storage', `${operation} | ${status} | ${bucket ?? ''}${key ? `/${key}` : ''}`, {
      operation,
      bucket,
      key,
      ...(keys !== undefined ? { keys } : {}),
      ...(destination ? { destination } : {}),
      size,
      status,
      error: request.storageError ?? null,
      // the dashboard's calls run as service_role for its signed-in user
      role: request.logRole ?? (request.studioAuth ? 'dashboard' : null),
      request_id: request.id,
    })
    done()
  })
}
