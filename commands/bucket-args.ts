/**
 * The bucket argument that bucket and storage-policy commands share: a pick list of the project's buckets,
 * the one open in the explorer first (so Enter takes it), and the check that the bucket picked still exists.
 */
import type { CommandContext } from '../src/web/model/app/context'
import { CommandError, currentFirst, type ArgOption } from './registry'
import { MSG } from '../src/shared/messages'
import type { Bucket } from '../src/shared/storage'
import { bucketsQuery } from '../src/web/model/storage/buckets/queries'

export async function bucketOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const buckets = await ctx.queryClient.fetchQuery({ ...bucketsQuery(ctx.api, ctx.ref), staleTime: 5_000 })
  const current = ctx.route.params.bucketId
  const options = buckets.map((b) => ({
    value: b.id,
    label: b.name,
    hint: [b.id === current ? 'this bucket' : '', b.public ? 'Public' : 'Private'].filter(Boolean).join(' · '),
  }))
  return currentFirst(options, current)
}

/** The bucket, read again (it may have been deleted meanwhile), or the spec's 'Bucket not found'. */
export async function existingBucket(ctx: CommandContext, bucketId: string): Promise<Bucket> {
  const buckets = await ctx.queryClient.fetchQuery({ ...bucketsQuery(ctx.api, ctx.ref), staleTime: 0 })
  const bucket = buckets.find((b) => b.id === bucketId)
  if (!bucket) throw new CommandError(MSG.bucketNotFound, 'invalid-args')
  return bucket
}
