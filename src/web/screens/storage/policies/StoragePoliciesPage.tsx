/**
 * The storage policies page (spec 2): one row per bucket with the storage.objects policies naming it,
 * then the other storage.objects policies and those on storage.buckets; the storage policy modal.
 */
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { Archive, Database, FolderLock, Globe } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { groupStoragePolicies } from '../../../../shared/storage-policies'
import { useApi } from '../../../commands-context'
import { policiesQuery } from '../../../model/project/queries'
import { Alert, EmptyState, Spinner } from '../../../ui'
import { bucketsQuery } from '../../../model/storage/buckets/queries'
import { StoragePolicyModal } from './modal/StoragePolicyModal'
import { PolicyGroup } from './PolicyGroup'
import '../../auth/policies/policies.css'
import './storage-policies.css'

const ROUTE = '/project/$ref/storage/policies'

export function StoragePoliciesPage() {
  const { ref } = useParams({ from: ROUTE })
  const api = useApi()
  const buckets = useQuery(bucketsQuery(api, ref))
  // the project's policies: the grouping keeps those on storage.objects and storage.buckets
  const policies = useQuery(policiesQuery(api, ref))
  const groups = useMemo(
    () => groupStoragePolicies(policies.data ?? [], (buckets.data ?? []).map((b) => b.id)),
    [policies.data, buckets.data],
  )

  return (
    <div className="pol-page">
      <header className="pol-page__header">
        <h1 className="pol-page__title">
          <FolderLock size={18} /> Storage policies
        </h1>
        <p className="pol-muted">
          Policies on storage.objects decide who may upload, download, move and delete files in each bucket; a bucket&apos;s
          policies name it with <code>bucket_id</code>.
        </p>
      </header>
      {buckets.isPending || policies.isPending ? (
        <div className="pol-center">
          <Spinner /> Loading policies…
        </div>
      ) : buckets.error || policies.error ? (
        <Alert type="destructive" title="Failed to load the storage policies">
          {(buckets.error ?? policies.error)?.message}
        </Alert>
      ) : (
        <div className="pol-list">
          {buckets.data.length ? (
            buckets.data.map((b) => (
              <PolicyGroup
                key={b.id}
                title={b.name}
                icon={b.public ? <Globe size={15} /> : <Archive size={15} />}
                isPublic={b.public}
                newFor={b.id}
                policies={groups.byBucket.get(b.id) ?? []}
              />
            ))
          ) : (
            <EmptyState icon={<Archive size={28} />} title={MSG.noBuckets} description="Create a bucket first, then write policies for it." />
          )}
          <PolicyGroup title="Other policies under storage.objects" icon={<Database size={15} />} newFor="" policies={groups.otherObjects} />
          <PolicyGroup title="Policies under storage.buckets" icon={<Database size={15} />} policies={groups.bucketTable} />
        </div>
      )}
      <StoragePolicyModal projectRef={ref} />
    </div>
  )
}
