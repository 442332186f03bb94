/**
 * The project's storage API, compatible with @supabase/storage-js: `${studio}/api/projects/{ref}/storage/v1`.
 * Every call acts as the role of the request's token, so RLS on storage.buckets and storage.objects decides.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { STORAGE_RECURSIVE_PAGE_SIZE, STORAGE_SIGNED_UPLOAD_EXPIRY_S } from '../../shared/constants'
import type { LogSink } from '../logs/collector'
import { projectByRef } from '../platform/projects'
import { subOf, type BucketInput, type BucketListQuery } from './buckets'
import { installStorageErrorHandler, invalid } from './errors'
import { listFolder, listV2, type ListV2Options } from './listing'
import { API_OPERATIONS, installStorageLogs } from './logs'
import { discardUpload, readUpload, type UploadBody } from './upload-body'
import type { ObjectRow } from './objects'
import { sendObject } from './send'
import type { ObjectTokenKind, StorageService } from './service'

type Req = FastifyRequest<{ Params: { ref: string; bucket: string; id: string; '*': string }; Querystring: Record<string, string> }>

const ok = (message: string) => ({ message })

function fileObject(row: ObjectRow) {
  const { version: _v, user_metadata: _u, ...rest } = row
  return rest
}

export function storageApiRoutes(service: StorageService, logs: LogSink) {
  const { buckets, objects } = service
  const ref = (req: Req) => projectByRef(req.params.ref).ref

  /** A signed URL's token, checked against the object and the kind (download or upload) it was made for. */
  const tokenFor = (req: Req, kind: ObjectTokenKind, url: string) => service.objectTokenClaims(ref(req), req.query.token, kind, url)

  async function upload(req: Req, reply: FastifyReply, upsert: boolean, signed = false) {
    const bucket = req.params.bucket
    const key = req.params['*']
    let body: UploadBody | undefined
    try {
      const claims = signed ? await tokenFor(req, 'upload', `${bucket}/${key}`) : undefined
      const who = signed ? undefined : await service.caller(req)
      body = await readUpload(req)
      const row = await objects.upload(who, bucket, key, {
        ...body,
        upsert: signed ? claims!.upsert === true : upsert,
        ...(signed ? { owner: typeof claims!.owner === 'string' ? claims!.owner : null } : {}),
        projectLimit: await service.projectLimit(ref(req)),
      })
      req.storageSize = row.metadata?.size
      return reply.send({ Id: row.id, Key: `${bucket}/${row.name}` })
    } catch (e) {
      discardUpload(req, body)
      throw e
    }
  }

  return async (app: FastifyInstance) => {
    installStorageErrorHandler(app)
    installStorageLogs(app, logs, API_OPERATIONS, /^.*\/storage\/v1/)

    // ---- buckets ----
    app.get('/bucket', async (req: Req) => {
      const q = req.query as BucketListQuery & Record<string, string>
      return buckets.list(await service.caller(req), {
        limit: q.limit ? Number(q.limit) : undefined,
        offset: q.offset ? Number(q.offset) : undefined,
        search: q.search,
        sortColumn: q.sortColumn,
        sortOrder: q.sortOrder,
      })
    })
    app.get('/bucket/:id', async (req: Req) => buckets.get(await service.caller(req), req.params.id))
    app.post('/bucket', async (req: Req) => {
      const body = (req.body ?? {}) as BucketInput & { name?: string }
      const bucket = await buckets.create(await service.caller(req), { ...body, id: body.id ?? body.name ?? '' })
      return { name: bucket.name }
    })
    app.put('/bucket/:id', async (req: Req) => {
      await buckets.update(await service.caller(req), req.params.id, (req.body ?? {}) as BucketInput)
      return ok('Successfully updated')
    })
    app.post('/bucket/:id/empty', async (req: Req) => {
      await buckets.empty(await service.caller(req), req.params.id)
      return ok('Successfully emptied')
    })
    app.delete('/bucket/:id', async (req: Req) => {
      await buckets.delete(await service.caller(req), req.params.id)
      return ok('Successfully deleted')
    })

    // ---- uploads: the body is streamed, never parsed ----
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null))
      raw.post('/object/:bucket/*', (req: Req, reply) => upload(req, reply, req.headers['x-upsert'] === 'true'))
      raw.put('/object/:bucket/*', (req: Req, reply) => upload(req, reply, true))
      raw.put('/object/upload/sign/:bucket/*', (req: Req, reply) => upload(req, reply, false, true))
    })

    // ---- downloads ----
    const authenticated = async (req: Req, reply: FastifyReply) =>
      sendObject(objects, await objects.find(await service.caller(req), req.params.bucket, req.params['*']), req, reply)
    const publicRead = async (req: Req, reply: FastifyReply) => {
      const bucket = await objects.publicBucket(req.params.bucket)
      return sendObject(objects, await objects.find(undefined, bucket.id, req.params['*']), req, reply)
    }
    for (const method of ['GET', 'HEAD'] as const) {
      const opts = { exposeHeadRoute: false }
      app.route({ method, url: '/object/:bucket/*', ...opts, handler: authenticated })
      app.route({ method, url: '/object/authenticated/:bucket/*', ...opts, handler: authenticated })
      app.route({ method, url: '/object/public/:bucket/*', ...opts, handler: publicRead })
    }
    app.get('/object/sign/:bucket/*', async (req: Req, reply) => {
      await tokenFor(req, 'download', `${req.params.bucket}/${req.params['*']}`)
      return sendObject(objects, await objects.find(undefined, req.params.bucket, req.params['*']), req, reply)
    })
    const info = async (row: ObjectRow) => ({
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: row.metadata?.size,
      content_type: row.metadata?.mimetype,
      cache_control: row.metadata?.cacheControl,
      etag: row.metadata?.eTag,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    })
    app.get('/object/info/:bucket/*', async (req: Req) => info(await objects.find(await service.caller(req), req.params.bucket, req.params['*'])))
    app.get('/object/info/authenticated/:bucket/*', async (req: Req) =>
      info(await objects.find(await service.caller(req), req.params.bucket, req.params['*'])))
    app.get('/object/info/public/:bucket/*', async (req: Req) => {
      const bucket = await objects.publicBucket(req.params.bucket)
      return info(await objects.find(undefined, bucket.id, req.params['*']))
    })

    // ---- listing, moving, copying, removing ----
    app.post('/object/list/:bucket', async (req: Req) => {
      const b = (req.body ?? {}) as { prefix?: string; limit?: number; offset?: number; search?: string; sortBy?: { column: string; order?: string } }
      return listFolder(service.db, await service.caller(req), req.params.bucket, {
        prefix: b.prefix ?? '', limit: Math.min(Math.max(Number(b.limit ?? 100), 1), STORAGE_RECURSIVE_PAGE_SIZE), offset: Math.max(Number(b.offset ?? 0), 0),
        search: b.search, sortBy: b.sortBy,
      })
    })
    app.post('/object/list-v2/:bucket', async (req: Req) =>
      listV2(service.db, await service.caller(req), req.params.bucket, (req.body ?? {}) as ListV2Options))
    type Transfer = { bucketId: string; sourceKey: string; destinationKey: string; destinationBucket?: string }
    app.post('/object/move', async (req: Req) => {
      const b = (req.body ?? {}) as Transfer
      await objects.move(await service.caller(req), b.bucketId, b.sourceKey, b.destinationKey, b.destinationBucket ?? b.bucketId)
      return ok('Successfully moved')
    })
    app.post('/object/copy', async (req: Req) => {
      const b = (req.body ?? {}) as Transfer
      const to = b.destinationBucket ?? b.bucketId
      const row = await objects.copy(await service.caller(req), b.bucketId, b.sourceKey, b.destinationKey, to)
      return { Id: row.id, Key: `${to}/${row.name}` }
    })
    app.delete('/object/:bucket', async (req: Req) => {
      const prefixes = ((req.body ?? {}) as { prefixes?: string[] }).prefixes
      if (!Array.isArray(prefixes) || !prefixes.length) throw invalid('prefixes must be a non-empty list')
      return (await objects.remove(await service.caller(req), req.params.bucket, prefixes)).map(fileObject)
    })

    // ---- signed URLs ----
    const sign = async (req: Req, key: string, expiresIn: number) => {
      const url = `${req.params.bucket}/${key}`
      const token = await service.signObjectToken(ref(req), 'download', url, expiresIn)
      return `/object/sign/${url}?token=${token}`
    }
    const expiry = (value: unknown) => {
      const n = Number(value)
      if (!Number.isFinite(n) || n < 1) throw invalid('expiresIn must be a positive number')
      return Math.floor(n)
    }
    app.post('/object/sign/:bucket/*', async (req: Req) => {
      const expiresIn = expiry((req.body as { expiresIn?: unknown } | undefined)?.expiresIn)
      const row = await objects.find(await service.caller(req), req.params.bucket, req.params['*'])
      return { signedURL: await sign(req, row.name, expiresIn) }
    })
    app.post('/object/sign/:bucket', async (req: Req) => {
      const b = (req.body ?? {}) as { expiresIn?: unknown; paths?: string[] }
      const expiresIn = expiry(b.expiresIn)
      if (!Array.isArray(b.paths)) throw invalid('paths must be a list')
      const who = await service.caller(req)
      const out = []
      for (const path of b.paths) {
        const row = await objects.find(who, req.params.bucket, path).catch(() => null)
        out.push(row
          ? { error: null, path, signedURL: await sign(req, row.name, expiresIn) }
          : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null })
      }
      return out
    })
    app.post('/object/upload/sign/:bucket/*', async (req: Req) => {
      const who = await service.caller(req)
      const { bucket } = req.params
      const key = req.params['*']
      const upsert = req.headers['x-upsert'] === 'true'
      await objects.assertWritable(who, bucket, key, upsert)
      const token = await service.signObjectToken(ref(req), 'upload', `${bucket}/${key}`, STORAGE_SIGNED_UPLOAD_EXPIRY_S, { owner: subOf(who), upsert })
      return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token }
    })
  }
}
