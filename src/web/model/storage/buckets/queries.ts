/**
 * The storage buckets' server state, shared by the storage screens and the commands: the bucket list, one
 * bucket, and the refresh after a change. Keys start with ['project', ref] like every project query.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { MSG } from '../../../../shared/messages'
import { groupStoragePolicies } from '../../../../shared/storage-policies'
import type { Policy } from '../../../../shared/policies'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

const bucketsKey = keys.buckets

export function bucketsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: bucketsKey(ref), queryFn: () => api.buckets(ref) })
}

export function bucketQuery(api: Api, ref: string, bucketId: string) {
  return queryOptions({ queryKey: keys.bucket(ref, bucketId), queryFn: () => api.bucket(ref, bucketId) })
}

/** Buckets changed: the list and every single bucket read again. */
export function refreshBuckets(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bucketsKey(ref), refetchType: 'all' })
}

/** The storage.objects policies that name the bucket (`bucket_id = '<id>'` in USING or WITH CHECK). */
export function bucketPolicies(policies: readonly Policy[], bucketId: string): Policy[] {
  return groupStoragePolicies(policies, [bucketId]).byBucket.get(bucketId) ?? []
}

/** Spec 8: what the bucket list says when it fails; a preview branch answers 'Tenant config…' until its storage exists. */
export function bucketsError(error: Error, onPreviewBranch: boolean): string {
  return onPreviewBranch && error.message.includes('Tenant config') ? MSG.bucketsPreviewBranch : MSG.bucketsFetchFailed
}
