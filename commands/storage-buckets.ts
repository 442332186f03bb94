/**
 * Storage buckets (spec 4 Project and bucket / Storage explorer, 5 Buckets, 6, 8 Storage): create, edit,
 * empty and delete buckets, and open one. Deleting empties the bucket, deletes it, deletes the
 * storage.objects policies that name it, then goes to /project/{ref}/storage/buckets.
 */
import { z } from 'zod'
import { defineCommand, CommandError } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { bucketOptions, existingBucket } from './bucket-args'
import { policiesOf } from '../src/web/model/auth/policies/policy-writes'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'
import { STORAGE_SIZE_UNITS, type StorageSizeUnit } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import type { Bucket, BucketUpdateBody } from '../src/shared/storage'
import { bucketNameSchema, parseMimeTypes } from '../src/web/model/storage/buckets/bucket-form'
import { openBucketDialog } from '../src/web/model/storage/buckets/bucket-state'
import { bucketPolicies, bucketQuery, refreshBuckets } from '../src/web/model/storage/buckets/queries'
import { toBytes } from '../src/web/model/storage/buckets/size-units'
import { bindExplorer, enterBucket } from '../src/web/model/storage/explorer/explorer-data'
import { explorer } from '../src/web/model/storage/explorer/explorer-state'
import { errorMessage } from '../src/shared/error-message'

const AREA = 'storage'

const inStorage = (ctx: CommandContext) => ctx.route.matches('storage')
const canWrite = (ctx: CommandContext) => ctx.can('storageAdminWrite') || MSG.noPermission('change storage')
const canCreate = (ctx: CommandContext) => ctx.can('storageAdminWrite') || MSG.createBucketsPermission

const bucketArg = { bucketId: z.string({ error: 'Pick a bucket' }).min(1, 'Pick a bucket') }
/** The one argument of a command on a bucket: picked from the project's buckets. */
const pickBucket = { args: z.object(bucketArg), argOptions: { bucketId: bucketOptions }, argLabels: { bucketId: 'Bucket' } }
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

type SettingArgs = { public?: boolean; fileSizeLimit?: number | null; unit?: StorageSizeUnit; allowedMimeTypes?: string }

/** The update body of the settings given (left out: unchanged). */
function settingsBody(args: SettingArgs): BucketUpdateBody {
  const body: BucketUpdateBody = {}
  if (args.public !== undefined) body.public = args.public
  if (args.fileSizeLimit !== undefined) {
    body.file_size_limit = args.fileSizeLimit === null ? null : toBytes(args.fileSizeLimit, args.unit ?? 'bytes')
  }
  if (args.allowedMimeTypes !== undefined) body.allowed_mime_types = parseMimeTypes(args.allowedMimeTypes)
  return body
}

export const openCreateBucketDialog = defineCommand({
  id: 'storage.bucket.create-dialog.open',
  title: 'New bucket',
  area: AREA,
  keywords: ['create bucket', 'add bucket', 'storage'],
  when: inStorage,
  enabled: canCreate,
  run: () => openBucketDialog({ kind: 'create' }),
})

export const openEditBucketDialog = defineCommand({
  id: 'storage.bucket.edit-dialog.open',
  title: 'Edit bucket',
  area: AREA,
  keywords: ['bucket settings', 'public', 'private', 'size limit', 'mime types'],
  ...pickBucket,
  when: inStorage,
  enabled: canWrite,
  run: async (ctx, { bucketId }) => {
    await existingBucket(ctx, bucketId)
    openBucketDialog({ kind: 'edit', bucketId })
  },
})

export const openDeleteBucketDialog = defineCommand({
  id: 'storage.bucket.delete-dialog.open',
  title: 'Open delete bucket dialog',
  area: AREA,
  keywords: ['remove bucket', 'drop bucket'],
  ...pickBucket,
  when: inStorage,
  enabled: canWrite,
  run: async (ctx, { bucketId }) => {
    await existingBucket(ctx, bucketId)
    openBucketDialog({ kind: 'delete', bucketId })
  },
})

export const openBucket = defineCommand({
  id: 'storage.bucket.open',
  title: 'Open bucket',
  area: AREA,
  keywords: ['go to bucket', 'files', 'explorer', 'jump'],
  ...pickBucket,
  when: inStorage,
  run: (ctx, { bucketId }) => ctx.navigate({ to: paths.storageBucket(ctx.ref, bucketId) }),
})

export const createBucket = defineCommand({
  id: 'storage.bucket.create',
  title: 'Create bucket, field by field',
  area: AREA,
  keywords: ['new bucket', 'add bucket'],
  args: z.object({ name: bucketNameSchema, ...settingArgs }),
  argLabels: { name: `Bucket name (${MSG.bucketNameHint.toLowerCase()})`, ...settingLabels },
  when: inStorage,
  enabled: canCreate,
  run: async (ctx, { name, ...settings }) => {
    let bucket: Bucket
    try {
      bucket = await ctx.api.createBucket(ctx.ref, { id: name, public: settings.public ?? false, ...settingsBody(settings) })
    } catch (e) {
      throw new Error(MSG.createBucketFailed(errorMessage(e)))
    }
    await refreshBuckets(ctx.queryClient, ctx.ref)
    ctx.toast.success(MSG.bucketCreated(bucket.id))
    await ctx.navigate({ to: paths.storageBucket(ctx.ref, bucket.id) })
    return bucket
  },
})

export const updateBucket = defineCommand({
  id: 'storage.bucket.update',
  title: 'Change bucket, field by field',
  area: AREA,
  keywords: ['edit bucket', 'make public', 'make private', 'size limit', 'mime types'],
  args: z.object({ ...bucketArg, ...settingArgs }),
  argOptions: { bucketId: bucketOptions },
  argLabels: { bucketId: 'Bucket', ...settingLabels },
  when: inStorage,
  enabled: canWrite,
  run: async (ctx, { bucketId, ...settings }) => {
    await existingBucket(ctx, bucketId)
    let bucket: Bucket
    try {
      bucket = await ctx.api.updateBucket(ctx.ref, bucketId, settingsBody(settings))
    } catch (e) {
      throw new Error(MSG.updateBucketFailed(errorMessage(e)))
    }
    await refreshBuckets(ctx.queryClient, ctx.ref)
    ctx.toast.success(MSG.bucketUpdated(bucket.id))
    return bucket
  },
})

export const emptyBucket = defineCommand({
  id: 'storage.bucket.empty',
  title: 'Empty bucket',
  area: AREA,
  keywords: ['delete all files', 'clear bucket'],
  ...pickBucket,
  when: inStorage,
  enabled: canWrite,
  run: async (ctx, { bucketId }) => {
    const bucket = await existingBucket(ctx, bucketId)
    const sure = await ctx.confirm({
      title: `Empty bucket ${bucket.name}`,
      description: 'Every file and folder in this bucket is deleted. This cannot be undone.',
      confirmLabel: 'Empty bucket',
      destructive: true,
    })
    if (!sure) return false
    try {
      await ctx.api.emptyBucket(ctx.ref, bucketId)
    } catch (e) {
      throw new Error(MSG.emptyBucketFailed(errorMessage(e)))
    }
    // the explorer on this bucket starts again at its (now empty) root: no folder, preview or selection left
    if (explorer.bucketId === bucketId) {
      bindExplorer(ctx)
      await enterBucket(bucketId)
    }
    ctx.toast.success(MSG.bucketEmptied(bucketId))
    return true
  },
})

export const deleteBucket = defineCommand({
  id: 'storage.bucket.delete',
  title: 'Delete bucket',
  area: AREA,
  keywords: ['remove bucket', 'drop bucket'],
  args: z.object({ ...bucketArg, confirmName: z.string() }),
  argOptions: { bucketId: bucketOptions },
  argLabels: { bucketId: 'Bucket', confirmName: 'Type the name of the bucket to confirm' },
  when: inStorage,
  enabled: canWrite,
  run: async (ctx, { bucketId, confirmName }) => {
    const bucket = await existingBucket(ctx, bucketId)
    if (confirmName !== bucket.name) throw new CommandError(MSG.valueMismatch, 'invalid-args')
    try {
      await ctx.api.emptyBucket(ctx.ref, bucketId)
      await ctx.api.deleteBucket(ctx.ref, bucketId)
      for (const policy of bucketPolicies(await policiesOf(ctx, true), bucketId)) await ctx.api.deletePolicy(ctx.ref, policy.id)
    } catch (e) {
      await refreshBuckets(ctx.queryClient, ctx.ref)
      throw new Error(MSG.deleteBucketFailed(errorMessage(e)))
    }
    await ctx.navigate({ to: paths.storageBuckets(ctx.ref) })
    ctx.queryClient.removeQueries({ queryKey: bucketQuery(ctx.api, ctx.ref, bucketId).queryKey })
    await refreshBuckets(ctx.queryClient, ctx.ref)
    void refreshPolicies(ctx.queryClient, ctx.ref)
    ctx.toast.success(MSG.bucketDeleted(bucketId))
    return true
  },
})
