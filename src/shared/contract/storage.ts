/**
 * The dashboard's storage calls under /platform/storage/{ref} (spec 7; run as service_role on the server)
 * and the project's storage settings and API keys under /platform/projects/{ref}. The storage-js compatible
 * API (/api/projects/{ref}/storage/v1) follows Supabase's storage and is not in this table.
 */
import { z } from 'zod'
import {
  BucketCreateBody, BucketUpdateBody, DeleteObjectsBody, ListObjectsBody, MoveObjectsBody, ObjectPathBody, SignObjectBody,
  StorageConfigBody, type Bucket, type ProjectApiSettings, type StorageConfig, type StorageItem,
} from '../storage'
import { endpoint, type } from './endpoint'

export const STORAGE = '/platform/storage/:ref'
const BUCKET = `${STORAGE}/buckets/:id` as const
const OBJECTS = `${BUCKET}/objects` as const
const PROJECT = '/platform/projects/:ref'

/** POST objects/upload?path=&upsert=true: the file is the body, streamed; a duplicate is refused unless upsert. */
export const UploadObjectQuery = z.object({
  path: z.string().default(''),
  upsert: z.string().optional().transform((v) => v === 'true'),
})

/** An object as the dashboard's writes answer it. */
export interface ObjectRef { id: string; name: string; bucket_id: string }
type Message = { message: string }

export const storage = {
  buckets: endpoint({ method: 'GET', path: `${STORAGE}/buckets`, response: type<Bucket[]>() }),
  createBucket: endpoint({ method: 'POST', path: `${STORAGE}/buckets`, body: BucketCreateBody, response: type<Bucket>() }),
  bucket: endpoint({ method: 'GET', path: BUCKET, response: type<Bucket>() }),
  updateBucket: endpoint({ method: 'PATCH', path: BUCKET, body: BucketUpdateBody, response: type<Bucket>() }),
  /** the same change as PATCH, as storage's own API takes it */
  putBucket: endpoint({ method: 'PUT', path: BUCKET, body: BucketUpdateBody, response: type<Bucket>() }),
  deleteBucket: endpoint({ method: 'DELETE', path: BUCKET, response: type<Message>() }),
  emptyBucket: endpoint({ method: 'POST', path: `${BUCKET}/empty`, response: type<Message>() }),

  /** a folder's files and subfolders; no body lists the root */
  listObjects: endpoint({ method: 'POST', path: `${OBJECTS}/list`, body: ListObjectsBody.prefault({}), response: type<StorageItem[]>() }),
  moveObject: endpoint({ method: 'POST', path: `${OBJECTS}/move`, body: MoveObjectsBody, response: type<Message>() }),
  signObject: endpoint({ method: 'POST', path: `${OBJECTS}/sign`, body: SignObjectBody, response: type<{ signedUrl: string }>() }),
  publicUrl: endpoint({ method: 'POST', path: `${OBJECTS}/public-url`, body: ObjectPathBody, response: type<{ publicUrl: string }>() }),
  deleteObjects: endpoint({ method: 'DELETE', path: OBJECTS, body: DeleteObjectsBody, response: type<ObjectRef[]>() }),
  /** streams: the object's bytes, with its headers and byte ranges */
  downloadObject: endpoint({
    method: 'POST', path: `${OBJECTS}/download`, body: ObjectPathBody, stream: { answer: 'bytes' }, response: type<Blob>(),
  }),
  /** streams: the file is the body (its content-type is the object's), cache-control 3600 */
  uploadObject: endpoint({
    method: 'POST', path: `${OBJECTS}/upload`, query: UploadObjectQuery, stream: { body: 'bytes' }, response: type<ObjectRef>(),
  }),

  storageConfig: endpoint({ method: 'GET', path: `${PROJECT}/config/storage`, response: type<StorageConfig>() }),
  updateStorageConfig: endpoint({
    method: 'PATCH', path: `${PROJECT}/config/storage`, body: StorageConfigBody, response: type<StorageConfig>(),
  }),
  /** Project settings → API: the secret keys only for users with tenant SQL admin write */
  apiSettings: endpoint({ method: 'GET', path: `${PROJECT}/settings`, response: type<ProjectApiSettings>() }),
}
