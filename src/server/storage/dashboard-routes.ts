/**
 * The dashboard's storage calls (spec 7; src/shared/contract/storage.ts) under /platform/storage/{ref}: they
 * run as service_role (the browser never holds the service key) and are permission-checked here: reads need
 * tenant read, writes storage admin write, refused with the spec's texts.
 */
import type { FastifyInstance } from 'fastify'
import type { Impersonation } from '../../shared/api'
import { STORAGE_UPLOAD_CACHE_CONTROL } from '../../shared/constants'
import { storage } from '../../shared/contract/storage'
import { MSG } from '../../shared/messages'
import type { LogSink } from '../logs/collector'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import { route } from '../route'
import { installDashboardErrorHandler } from './errors'
import { listFolder } from './listing'
import { DASHBOARD_OPERATIONS, installStorageLogs } from './logs'
import { sendObject } from './send'
import type { StorageService } from './service'
import { encodePath, storageUrl } from './urls'
import { discardUpload, readUpload, type UploadBody } from './upload-body'

const SERVICE: Impersonation = { role: 'service_role', claims: { role: 'service_role' } }

export function dashboardStorageRoutes(service: StorageService, permissions: Permissions, studioUrl: string, logs: LogSink) {
  const { buckets, objects } = service
  const read = { preHandler: permissions.require('tenantSqlAdminRead') }
  const write = (refusal: string) => ({ preHandler: permissions.require('storageAdminWrite', refusal) })
  const change = write(MSG.noPermission('change storage'))

  return async (app: FastifyInstance) => {
    installDashboardErrorHandler(app)
    installStorageLogs(app, logs, DASHBOARD_OPERATIONS)
    app.addHook('onRequest', knownProject)

    route(app, storage.buckets, read, () => buckets.list(SERVICE))
    route(app, storage.createBucket, write(MSG.createBucketsPermission), ({ body }) => buckets.create(SERVICE, body))
    route(app, storage.bucket, read, ({ params }) => buckets.get(SERVICE, params.id))
    route(app, storage.updateBucket, change, ({ params, body }) => buckets.update(SERVICE, params.id, body))
    route(app, storage.putBucket, change, ({ params, body }) => buckets.update(SERVICE, params.id, body))
    route(app, storage.deleteBucket, change, async ({ params }) => {
      await buckets.delete(SERVICE, params.id)
      return { message: 'Successfully deleted' }
    })
    route(app, storage.emptyBucket, change, async ({ params }) => {
      await buckets.empty(SERVICE, params.id)
      return { message: 'Successfully emptied' }
    })

    route(app, storage.listObjects, read, async ({ params, body: { path, options: { startAfter, ...options } } }) => {
      await buckets.get(SERVICE, params.id)
      const entries = await listFolder(service.db, SERVICE, params.id, {
        prefix: path, ...options, hidePlaceholder: true, startAfter: startAfter && { name: startAfter.name, folder: startAfter.type === 'FOLDER' },
      })
      return entries.map((e) => ({ ...e, type: e.id ? ('FILE' as const) : ('FOLDER' as const) }))
    })
    route(app, storage.moveObject, change, async ({ params, body: { from, to } }) => {
      await objects.move(SERVICE, params.id, from, to)
      return { message: 'Successfully moved' }
    })
    route(app, storage.signObject, read, async ({ params, body: { path, expiresIn } }) => {
      const row = await objects.find(SERVICE, params.id, path)
      const url = `${row.bucket_id}/${row.name}`
      const token = await service.signObjectToken(params.ref, 'download', url, expiresIn)
      return { signedUrl: `${storageUrl(studioUrl, params.ref)}/object/sign/${encodePath(url)}?token=${token}` }
    })
    route(app, storage.publicUrl, read, async ({ params, body: { path } }) => {
      const bucket = await objects.publicBucket(params.id)
      return { publicUrl: `${storageUrl(studioUrl, params.ref)}/object/public/${encodePath(`${bucket.id}/${path}`)}` }
    })
    route(app, storage.downloadObject, change, async ({ params, body: { path }, req, reply }) =>
      sendObject(objects, await objects.find(SERVICE, params.id, path), req, reply),
    )
    route(app, storage.deleteObjects, write(MSG.deleteFilePermission), async ({ params, body: { paths } }) =>
      (await objects.remove(SERVICE, params.id, paths)).map((r) => ({ id: r.id, name: r.name, bucket_id: r.bucket_id })),
    )

    // Uploads from the dashboard: the raw body streams through (?path=&upsert=), cache-control 3600.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers()
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null))
      route(raw, storage.uploadObject, write(MSG.uploadFilesPermission), async ({ params, query, req }) => {
        let body: UploadBody | undefined
        try {
          body = await readUpload(req, `max-age=${STORAGE_UPLOAD_CACHE_CONTROL}`)
          const row = await objects.upload(SERVICE, params.id, query.path, {
            ...body,
            upsert: query.upsert,
            projectLimit: await service.projectLimit(params.ref),
          })
          req.storageSize = row.metadata?.size
          return { id: row.id, name: row.name, bucket_id: row.bucket_id }
        } catch (e) {
          discardUpload(req, body)
          throw e
        }
      })
    })
  }
}
