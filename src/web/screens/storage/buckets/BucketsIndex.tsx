import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { FolderClosed, Plus } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { bindingFor } from '../../../model/app/keys/keymap'
import { Badge, Button, EmptyState, Kbd, Spinner } from '../../../ui'
import { useCan } from '../../../useCan'
import { bucketsQuery } from '../../../model/storage/buckets/queries'
import { formatSize } from '../../../model/storage/buckets/size-units'

/** /project/{ref}/storage/buckets: the buckets at a glance, or the way to create the first one. */
export function BucketsIndex() {
  const { ref } = useParams({ strict: false }) as { ref: string }
  const buckets = useQuery(bucketsQuery(useApi(), ref))
  const canWrite = useCan('storageAdminWrite')
  const createButton = (
    <Button variant="primary" icon={<Plus size={14} />} disabled={!canWrite} title={canWrite ? undefined : MSG.createBucketsPermission} onClick={() => press('storage.bucket.create-dialog.open')}>
      New bucket
    </Button>
  )

  if (buckets.isPending) return <div className="stg-center"><Spinner label="Loading buckets" /></div>
  if (buckets.isError) return null // the menu on the left says why
  const list = buckets.data
  if (list.length === 0) {
    return (
      <div className="stg-center">
        <EmptyState icon={<FolderClosed size={28} />} title={MSG.noBuckets} description="Buckets hold your files. Create one to upload files and share them." action={createButton} />
      </div>
    )
  }
  const publicCount = list.filter((b) => b.public).length
  const binding = bindingFor('storage.bucket.create-dialog.open')
  return (
    <div className="stg-page">
      <header className="stg-page__header">
        <div>
          <h2 className="stg-page__title">Buckets</h2>
          <p className="stg-page__lead">
            {list.length} {list.length === 1 ? 'bucket' : 'buckets'}, {publicCount} public. Pick one to browse its files.
          </p>
        </div>
        <div className="stg-page__actions">
          {binding && <Kbd binding={binding} />}
          {createButton}
        </div>
      </header>
      <ul className="stg-cards">
        {list.map((b) => (
          <li key={b.id}>
            <Link to="/project/$ref/storage/buckets/$bucketId" params={{ ref, bucketId: b.id }} className="stg-card">
              <span className="stg-card__name">
                <FolderClosed size={16} aria-hidden />
                {b.name}
                {b.public ? <Badge tone="warning">Public</Badge> : <Badge>Private</Badge>}
              </span>
              <span className="stg-card__meta">
                {b.file_size_limit === null ? 'No upload limit' : `Up to ${formatSize(b.file_size_limit)} per file`}
                {' · '}
                {b.allowed_mime_types?.length ? b.allowed_mime_types.join(', ') : 'Any file type'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
