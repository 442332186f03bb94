/**
 * The bodies of storage-buckets.ts's commands: bucket changes through the storage API, and the upload limit.
 * Emptying a bucket makes its cached folder listings stale; deleting it drops them, and its storage
 * policies in one batch.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import type {
  CreateBucketArgs, DeleteBucketArgs, UpdateBucketArgs, UpdateStorageSettingsArgs, pickBucket,
} from './storage-buckets'
import type { CommandContext } from '../src/web/model/app/context'
import { existingBucket } from './bucket-args'
import { policiesOf } from '../src/web/model/auth/policies/policy-writes'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'
import type { StorageSizeUnit } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import type { Bucket, BucketUpdateBody } from '../src/shared/storage'
import { parseMimeTypes } from '../src/web/model/storage/buckets/bucket-form'
import { openBucketDialog } from '../src/web/model/storage/buckets/bucket-state'
import { bucketPolicies, bucketQuery, refreshBuckets } from '../src/web/model/storage/buckets/queries'
import { toBytes } from '../src/web/model/storage/buckets/size-units'
import { bindExplorer, enterBucket } from '../src/web/model/storage/explorer/explorer-data'
import { bucketListingsChanged, forgetBucketListings } from '../src/web/model/storage/explorer/folder-query'
import { explorer } from '../src/web/model/storage/explorer/explorer-state'
import { errorMessage } from '../src/shared/error-message'
import { aboveGlobalLimit, uploadLimitProblem } from '../src/web/model/storage/settings/limit'
import { storageConfigKey, storageConfigQuery } from '../src/web/model/storage/settings/queries'

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

export const openCreateBucketDialog = () => openBucketDialog({ kind: 'create' })

export const openEditBucketDialog = async (ctx: CommandContext, { bucketId }: z.infer<typeof pickBucket.args>) => {
  await existingBucket(ctx, bucketId)
  openBucketDialog({ kind: 'edit', bucketId })
}

export const openDeleteBucketDialog = async (ctx: CommandContext, { bucketId }: z.infer<typeof pickBucket.args>) => {
  await existingBucket(ctx, bucketId)
  openBucketDialog({ kind: 'delete', bucketId })
}

export const openBucket = (ctx: CommandContext, { bucketId }: z.infer<typeof pickBucket.args>) =>
  ctx.navigate({ to: paths.storageBucket(ctx.ref, bucketId) })

export const createBucket = async (ctx: CommandContext, { name, ...settings }: z.infer<typeof CreateBucketArgs>) => {
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
}

export const updateBucket = async (ctx: CommandContext, { bucketId, ...settings }: z.infer<typeof UpdateBucketArgs>) => {
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
}

export const emptyBucket = async (ctx: CommandContext, { bucketId }: z.infer<typeof pickBucket.args>) => {
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
  await bucketListingsChanged(ctx.queryClient, ctx.ref, bucketId)
  // the explorer on this bucket starts again at its (now empty) root: no folder, preview or selection left
  if (explorer.bucketId === bucketId) {
    bindExplorer(ctx)
    await enterBucket(bucketId)
  }
  ctx.toast.success(MSG.bucketEmptied(bucketId))
  return true
}

export const deleteBucket = async (ctx: CommandContext, { bucketId, confirmName }: z.infer<typeof DeleteBucketArgs>) => {
  const bucket = await existingBucket(ctx, bucketId)
  if (confirmName !== bucket.name) throw new CommandError(MSG.valueMismatch, 'invalid-args')
  try {
    await ctx.api.emptyBucket(ctx.ref, bucketId)
    await ctx.api.deleteBucket(ctx.ref, bucketId)
    const policies = bucketPolicies(await policiesOf(ctx, true), bucketId)
    if (policies.length) await ctx.api.deletePolicies(ctx.ref, policies.map((p) => p.id))
  } catch (e) {
    await refreshBuckets(ctx.queryClient, ctx.ref)
    throw new Error(MSG.deleteBucketFailed(errorMessage(e)))
  }
  await ctx.navigate({ to: paths.storageBuckets(ctx.ref) })
  ctx.queryClient.removeQueries({ queryKey: bucketQuery(ctx.api, ctx.ref, bucketId).queryKey })
  forgetBucketListings(ctx.queryClient, ctx.ref, bucketId)
  await refreshBuckets(ctx.queryClient, ctx.ref)
  void refreshPolicies(ctx.queryClient, ctx.ref)
  ctx.toast.success(MSG.bucketDeleted(bucketId))
  return true
}

export const updateStorageSettings = async (ctx: CommandContext, { fileSizeLimit, unit }: z.infer<typeof UpdateStorageSettingsArgs>) => {
  const problem = aboveGlobalLimit(fileSizeLimit, unit) ?? uploadLimitProblem(fileSizeLimit, unit)
  if (problem) throw new CommandError(problem, 'invalid-args')
  const current = await ctx.queryClient.fetchQuery({ ...storageConfigQuery(ctx.api, ctx.ref), staleTime: 0 })
  if (current.isFreeTier) throw new CommandError('The upload limit is fixed at 50 MB on the free plan', 'disabled')
  try {
    const config = await ctx.api.updateStorageConfig(ctx.ref, { fileSizeLimit: toBytes(fileSizeLimit, unit) })
    ctx.queryClient.setQueryData(storageConfigKey(ctx.ref), config)
    ctx.toast.success(MSG.storageSettingsUpdated)
    return config
  } catch (e) {
    throw new Error(MSG.updateStorageSettingsFailed(errorMessage(e)))
  }
}
