/**
 * Storage buckets (spec 4 Project and bucket / Storage explorer, 5 Buckets, 6, 8 Storage): create, edit,
 * empty and delete buckets, and open one. Deleting empties the bucket, deletes it, deletes the
 * storage.objects policies that name it, then goes to /project/{ref}/storage/buckets. And the project's
 * upload limit, which caps every bucket's (spec 5 Storage settings, 9: at most 5 GB, fixed 50 MB on the
 * free plan). The bodies are in storage-buckets.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { bucketOptions } from './bucket-args'
import { STORAGE_SIZE_UNITS } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { bucketNameSchema } from '../src/web/model/storage/buckets/bucket-form'

const load = () => import('./storage-buckets.run')

const AREA = 'storage'

const inStorage = (ctx: CommandContext) => ctx.route.matches('storage')
const canWrite = (ctx: CommandContext) => ctx.can('storageAdminWrite') || MSG.noPermission('change storage')
const canCreate = (ctx: CommandContext) => ctx.can('storageAdminWrite') || MSG.createBucketsPermission

const bucketArg = { bucketId: z.string({ error: 'Pick a bucket' }).min(1, 'Pick a bucket') }
/** The one argument of a command on a bucket: picked from the project's buckets. */
export const pickBucket = { args: z.object(bucketArg), argOptions: { bucketId: bucketOptions }, argLabels: { bucketId: 'Bucket' } }
const settingArgs = {
  public: z.boolean().optional(),
  fileSizeLimit: z.number().int(MSG.bucketSizeLimitMin).min(0, MSG.bucketSizeLimitMin).nullable().optional(),
  unit: z.enum(STORAGE_SIZE_UNITS).optional(),
  allowedMimeTypes: z.string().optional(),
}
const settingLabels = {
  public: 'Public bucket? Anyone can then read its files without a key; uploads and deletes still need policies',
  fileSizeLimit: 'Upload size limit (blank: no limit)',
  unit: 'Unit of the size limit (default bytes)',
  allowedMimeTypes: 'Allowed MIME types, comma separated, e.g. image/*, application/pdf (blank: any)',
}

export const openCreateBucketDialog = defineCommand({
  id: 'storage.bucket.create-dialog.open',
  title: 'New bucket',
  area: AREA,
  keywords: ['create bucket', 'add bucket', 'storage'],
  when: inStorage,
  enabled: canCreate,
  run: lazyRun(load, 'openCreateBucketDialog'),
})

export const openEditBucketDialog = defineCommand({
  id: 'storage.bucket.edit-dialog.open',
  title: 'Edit bucket',
  area: AREA,
  keywords: ['bucket settings', 'public', 'private', 'size limit', 'mime types'],
  ...pickBucket,
  when: inStorage,
  enabled: canWrite,
  run: lazyRun(load, 'openEditBucketDialog'),
})

export const openDeleteBucketDialog = defineCommand({
  id: 'storage.bucket.delete-dialog.open',
  title: 'Open delete bucket dialog',
  area: AREA,
  keywords: ['remove bucket', 'drop bucket'],
  ...pickBucket,
  when: inStorage,
  enabled: canWrite,
  run: lazyRun(load, 'openDeleteBucketDialog'),
})

export const openBucket = defineCommand({
  id: 'storage.bucket.open',
  title: 'Open bucket',
  area: AREA,
  keywords: ['go to bucket', 'files', 'explorer', 'jump'],
  ...pickBucket,
  when: inStorage,
  run: lazyRun(load, 'openBucket'),
})

export const CreateBucketArgs = z.object({ name: bucketNameSchema, ...settingArgs })

export const createBucket = defineCommand({
  id: 'storage.bucket.create',
  title: 'Create bucket, field by field',
  area: AREA,
  keywords: ['new bucket', 'add bucket'],
  args: CreateBucketArgs,
  argLabels: { name: `Bucket name (${MSG.bucketNameHint.toLowerCase()})`, ...settingLabels },
  when: inStorage,
  enabled: canCreate,
  run: lazyRun(load, 'createBucket'),
})

export const UpdateBucketArgs = z.object({ ...bucketArg, ...settingArgs })

export const updateBucket = defineCommand({
  id: 'storage.bucket.update',
  title: 'Change bucket, field by field',
  area: AREA,
  keywords: ['edit bucket', 'make public', 'make private', 'size limit', 'mime types'],
  args: UpdateBucketArgs,
  argOptions: { bucketId: bucketOptions },
  argLabels: { bucketId: 'Bucket', ...settingLabels },
  when: inStorage,
  enabled: canWrite,
  run: lazyRun(load, 'updateBucket'),
})

export const emptyBucket = defineCommand({
  id: 'storage.bucket.empty',
  title: 'Empty bucket',
  area: AREA,
  keywords: ['delete all files', 'clear bucket'],
  ...pickBucket,
  when: inStorage,
  enabled: canWrite,
  run: lazyRun(load, 'emptyBucket'),
})

export const DeleteBucketArgs = z.object({ ...bucketArg, confirmName: z.string() })

export const deleteBucket = defineCommand({
  id: 'storage.bucket.delete',
  title: 'Delete bucket',
  area: AREA,
  keywords: ['remove bucket', 'drop bucket'],
  args: DeleteBucketArgs,
  argOptions: { bucketId: bucketOptions },
  argLabels: { bucketId: 'Bucket', confirmName: 'Type the name of the bucket to confirm' },
  when: inStorage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteBucket'),
})

// ---- storage settings ----

export const UpdateStorageSettingsArgs = z.object({
  fileSizeLimit: z.number({ error: 'Enter a number' }).int(MSG.bucketSizeLimitMin).min(0, MSG.bucketSizeLimitMin),
  unit: z.enum(STORAGE_SIZE_UNITS),
})

export const updateStorageSettings = defineCommand({
  id: 'storage.settings.update',
  title: 'Set the upload file size limit',
  area: 'storage',
  keywords: ['storage settings', 'upload limit', 'file size', 'max size'],
  args: UpdateStorageSettingsArgs,
  argLabels: { fileSizeLimit: 'Upload file size limit (at most 5 GB)', unit: 'Unit' },
  when: inStorage,
  enabled: (ctx) => ctx.can('storageAdminWrite') || MSG.updateStorageSettingsPermission,
  run: lazyRun(load, 'updateStorageSettings'),
})
