import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { FolderClosed, Plus, Search, Settings, ShieldCheck } from 'lucide-react'
import { MSG } from '../../../shared/messages'
import type { Bucket } from '../../../shared/storage'
import { useApi } from '../../commands-context'
import { press } from '../../commands-run'
import { projectQuery } from '../../model/project/project-queries'
import { bindingFor } from '../../model/app/keys/keymap'
import { Alert, Badge, Button, EmptyState, Input, Spinner, Tooltip, cx } from '../../ui'
import { useCan } from '../../useCan'
import { BucketMenu } from './buckets/BucketMenu'
import { bucketsError, bucketsQuery } from '../../model/storage/buckets/queries'

/** The storage menu: New bucket, a search, the buckets (each with its actions), then Policies and Settings. */
export function StorageSidebar({ projectRef }: { projectRef: string }) {
  const api = useApi()
  const buckets = useQuery(bucketsQuery(api, projectRef))
  const project = useQuery(projectQuery(api, projectRef))
  const canWrite = useCan('storageAdminWrite')
  const [search, setSearch] = useState('')
  const term = search.trim().toLowerCase()
  const shown = (buckets.data ?? []).filter((b) => b.name.toLowerCase().includes(term))

  return (
    <aside className="stg-sidebar" aria-label="Storage menu">
      <div className="stg-sidebar__top">
        <h1 className="stg-sidebar__title">Storage</h1>
        <Tooltip content={canWrite ? 'New bucket' : MSG.createBucketsPermission} binding={canWrite ? bindingFor('storage.bucket.create-dialog.open') : undefined}>
          <span className="stg-sidebar__new">
            <Button icon={<Plus size={14} />} disabled={!canWrite} onClick={() => press('storage.bucket.create-dialog.open')}>
              New bucket
            </Button>
          </span>
        </Tooltip>
        <Input
          size="sm"
          icon={<Search size={14} />}
          placeholder="Search buckets"
          aria-label="Search buckets"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && search && (e.stopPropagation(), setSearch(''))}
        />
      </div>
      <nav className="stg-sidebar__list" aria-label="Buckets">
        <p className="stg-sidebar__heading">All buckets</p>
        {buckets.isPending ? (
          <div className="stg-center">
            <Spinner label="Loading buckets" />
          </div>
        ) : buckets.isError ? (
          <Alert type="destructive" className="stg-sidebar__notice">
            {bucketsError(buckets.error, Boolean(project.data?.parent_project_ref))}
          </Alert>
        ) : shown.length === 0 ? (
          <EmptyState className="stg-sidebar__empty" title={term ? MSG.noResults : MSG.noBuckets} />
        ) : (
          <ul className="stg-buckets">
            {shown.map((b) => (
              <BucketRow key={b.id} projectRef={projectRef} bucket={b} canWrite={canWrite} />
            ))}
          </ul>
        )}
      </nav>
      <nav className="stg-sidebar__links" aria-label="Storage configuration">
        <p className="stg-sidebar__heading">Configuration</p>
        <Link to="/project/$ref/storage/policies" params={{ ref: projectRef }} className="stg-link" activeProps={{ className: 'stg-link--active', 'aria-current': 'page' }}>
          <ShieldCheck size={14} aria-hidden />
          Policies
        </Link>
        <Link to="/project/$ref/storage/settings" params={{ ref: projectRef }} className="stg-link" activeProps={{ className: 'stg-link--active', 'aria-current': 'page' }}>
          <Settings size={14} aria-hidden />
          Settings
        </Link>
      </nav>
    </aside>
  )
}

function BucketRow({ projectRef, bucket, canWrite }: { projectRef: string; bucket: Bucket; canWrite: boolean }) {
  const { bucketId } = useParams({ strict: false })
  const open = bucketId === bucket.id
  return (
    <li className={cx('stg-bucket', open && 'stg-bucket--open')}>
      <Link
        to="/project/$ref/storage/buckets/$bucketId"
        params={{ ref: projectRef, bucketId: bucket.id }}
        className="stg-bucket__link"
        aria-current={open ? 'page' : undefined}
      >
        <FolderClosed size={14} aria-hidden className="stg-bucket__icon" />
        <span className="stg-bucket__name">{bucket.name}</span>
        {bucket.public && <Badge tone="warning">Public</Badge>}
      </Link>
      <BucketMenu bucket={bucket} canWrite={canWrite} />
    </li>
  )
}
