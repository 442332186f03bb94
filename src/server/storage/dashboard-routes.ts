/**
 * The dashboard's storage calls (spec 7) under /platform/storage/{ref}: they run as service_role (the
 * browser never holds the service key) and are permission-checked here: reads need tenant read, writes
 * storage admin write, refused with the spec's texts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Impersonation } from '../../shared/api'
import { STORAGE_UPLOAD_CACHE_CONTROL } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import {
  BucketCreateBody, BucketUpdateBody, DeleteObjectsBody, ListObjectsBody, MoveObjectsBody, ObjectPathBody,
  SignObjectBody, type StorageItem,
} from '../../shared/storage'
import { parse } from '../errors'
import type { Permissions } from '../permissions'
import { projectByRef } from '../platform/projects'
import { installDashboardErrorHandler } from './errors'
import { listFolder } from './listing'
import { sendObject } from './send'
import type { StorageService } from './service'
import { encodePath, storageUrl } from './urls'
import { discardUpload, readUpload, type UploadBody } from './upload-body'

type G = { Params: { ref: string; id: string }; Querystring: Record<string, string | undefined> }
type Req = FastifyRequest<G>

const SERVICE: Impersonation = { role: 'service_role', claims: { role: 'service_role' } }

export function dashboardStorageRoutes(service: StorageService, permissions: Permissions, studioUrl: string) {
  const { buckets, objects } = service
  const read = permissions.require('tenantSqlAdminRead')
  const write = (refusal: string) => permissions.require('storageAdminWrite', refusal)
  const change = write(MSG.noPermission('change storage'))
  const ref = (req: Req) => projectByRef(req.params.ref).ref

  return async (app: FastifyInstance) => {
    installDashboardErrorHandler(app)
    app.addHook('onRequest', async (req) => void projectByRef((req.params as { ref: string }).ref))

    app.get<G>('/buckets', { preHandler: read }, async () => buckets.list(SERVICE))
    app.post<G>('/buckets', { preHandler: write(MSG.createBucketsPermission) }, async (req) => {
      const body = parse(BucketCreateBody, req.body)
      return buckets.create(SERVICE, body)
    })
    app.get<G>('/buckets/:id', { preHandler: read }, async (req) => buckets.get(SERVICE, req.params.id))
    const update = async (req: Req) => buckets.update(SERVICE, req.params.id, parse(BucketUpdateBody, req.body))
    app.patch<G>('/buckets/:id', { preHandler: change }, update)
    app.put<G>('/buckets/:id', { preHandler: change }, update)
    app.delete<G>('/buckets/:id', { preHandler: change }, async (req) => {
      await buckets.delete(SERVICE, req.params.id)
      return { message: 'Successfully deleted' }
    })
    app.post<G>('/buckets/:id/empty', { preHandler: change }, async (req) => {
      await buckets.empty(SERVICE, req.params.id)
      return { message: 'Successfully emptied' }
    })

    app.post<G>('/buckets/:id/objects/list', { preHandler: read }, async (req): Promise<StorageItem[]> => {
      const { path, options } = parse(ListObjectsBody, req.body ?? {})
      await buckets.get(SERVICE, req.params.id)
      const entries = await listFolder(service.db, SERVICE, req.params.id, { prefix: path, ...options, hidePlaceholder: true })
      return entries.map((e) => ({ ...e, type: e.id ? 'FILE' : 'FOLDER' }))
    })
    app.post<G>('/buckets/:id/objects/move', { preHandler: change }, async (req) => {
      const { from, to } = parse(MoveObjectsBody, req.body)
      await objects.move(SERVICE, req.params.id, from, to)
      return { message: 'Successfully moved' }
    })
    app.post<G>('/buckets/:id/objects/sign', { preHandler: read }, async (req) => {
      const { path, expiresIn } = parse(SignObjectBody, req.body)
      const row = await objects.find(SERVICE, req.params.id, path)
      const url = `${row.bucket_id}/${row.name}`
      const token = await service.signObjectToken(ref(req), 'download', url, expiresIn)
      return { signedUrl: `${storageUrl(studioUrl, ref(req))}/object/sign/${encodePath(url)}?token=${token}` }
    })
    app.post<G>('/buckets/:id/objects/public-url', { preHandler: read }, async (req) => {
      const { path } = parse(ObjectPathBody, req.body)
      const bucket = await objects.publicBucket(req.params.id)
      return { publicUrl: `${storageUrl(studioUrl, ref(req))}/object/public/${encodePath(`${bucket.id}/${path}`)}` }
    })
    app.post<G>('/buckets/:id/objects/download', { preHandler: change }, async (req, reply) => {
      const { path } = parse(ObjectPathBody, req.body)
      return sendObject(objects, await objects.find(SERVICE, req.params.id, path), req, reply)
    })
    app.delete<G>('/buckets/:id/objects', { preHandler: write(MSG.deleteFilePermission) }, async (req) => {
      const { paths } = parse(DeleteObjectsBody, req.body)
      return (await objects.remove(SERVICE, req.params.id, paths)).map((r) => ({ id: r.id, name: r.name, bucket_id: r.bucket_id }))
    })

    // Uploads from the dashboard: the raw body streams through (?path=&upsert=), cache-control 3600.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null))
      raw.post<G>('/buckets/:id/objects/upload', { preHandler: write(MSG.uploadFilesPermission) }, async (req) => {
        let body: UploadBody | undefined
        try {
          body = await readUpload(req, `max-age=${STORAGE_UPLOAD_CACHE_CONTROL}`)
          const row = await objects.upload(SERVICE, req.params.id, req.query.path ?? '', {
            ...body,
            upsert: req.query.upsert === 'true',
            projectLimit: await service.projectLimit(ref(req)),
          })
          return { id: row.id, name: row.name, bucket_id: row.bucket_id }
        } catch (e) {
          discardUpload(req, body)
          throw e
        }
      })
    })
  }
}
