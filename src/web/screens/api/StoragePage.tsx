import { Link } from '@tanstack/react-router'
import { paths } from '../../../shared/routes'
import type { Bucket } from '../../../shared/storage'
import { press } from '../../commands-run'
import type { DocsLanguage } from '../../model/api/preferences'
import type { DocSnippet } from '../../model/api/snippets'
import { Alert, Badge, EmptyState, Select, buttonClass } from '../../ui'
import { DocsPage } from './DocsPage'
import { ServiceKeyWarning } from './DocsSwitches'
import { SnippetSection, TextSection } from './SnippetSection'

/** ?page=storage&bucket={id}: storage-js and curl for one bucket's files. */
export function StoragePage({ projectRef, buckets, bucket, snippets, language }: {
  projectRef: string; buckets: Bucket[]; bucket: Bucket | undefined; snippets: DocSnippet[]; language: DocsLanguage
}) {
  if (!bucket) {
    return (
      <DocsPage title="Storage">
        <EmptyState
          title="No buckets yet"
          description="Files live in buckets: create one, and its docs show here."
          action={<Link to={paths.storageBuckets(projectRef)} className={buttonClass('default', 'sm')}>Go to Storage</Link>}
        />
      </DocsPage>
    )
  }
  return (
    <DocsPage title="Storage" lead="Upload, list, download and share the files of a bucket with supabase-js (supabase.storage) or the storage API.">
      <TextSection title="Bucket">
        <div className="apidocs-switches">
          <Select
            size="sm"
            aria-label="Bucket"
            value={bucket.id}
            options={buckets.map((b) => ({ value: b.id, label: b.name }))}
            onValueChange={(bucketId) => press('api.docs.storage.open', { bucketId })}
          />
          <Badge tone={bucket.public ? 'warning' : 'neutral'}>{bucket.public ? 'Public' : 'Private'}</Badge>
        </div>
        <p className="apidocs-section__text">
          {bucket.public
            ? 'Anyone can download its files by their public URL; uploads and changes still follow the storage policies.'
            : 'Reading and writing its files follow the storage policies of storage.objects; share a file with a signed URL.'}
        </p>
      </TextSection>
      {!bucket.public && <Alert type="note">A private bucket has no public URLs: use a signed URL instead.</Alert>}
      <ServiceKeyWarning />
      {snippets.map((s) => <SnippetSection key={s.id} snippet={s} language={language} />)}
    </DocsPage>
  )
}
