import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { useApi } from '../../../commands-context'
import { bucketsState } from '../../../model/storage/buckets/bucket-state'
import { BucketFormDialog } from './BucketFormDialog'
import { DeleteBucketDialog } from './DeleteBucketDialog'
import { bucketsQuery } from '../../../model/storage/buckets/queries'

/** The open bucket dialog, if any: create a bucket, edit one, or delete one. */
export function BucketDialogs({ projectRef }: { projectRef: string }) {
  const { dialog } = useSnapshot(bucketsState)
  const buckets = useQuery(bucketsQuery(useApi(), projectRef))
  if (!dialog) return null
  if (dialog.kind === 'create') return <BucketFormDialog />
  const bucket = buckets.data?.find((b) => b.id === dialog.bucketId)
  if (!bucket) return null
  return dialog.kind === 'edit' ? <BucketFormDialog key={bucket.id} bucket={bucket} /> : <DeleteBucketDialog key={bucket.id} bucket={bucket} />
}
