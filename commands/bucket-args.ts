/**
 * The bucket argument that bucket and storage-policy commands share: a pick list of the project's buckets,
 * the one open in the explorer first (so Enter takes it).
 */
import type { CommandContext } from './context'
import { currentFirst, type ArgOption } from './registry'
import { bucketsQuery } from '../src/web/screens/storage/buckets/queries'

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
