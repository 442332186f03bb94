/**
 * The preview pane (spec 2, 4, 8, 9): 450 px on the right. The file from a signed URL (a year's expiry,
 * cached per file until it expires) or its public URL, unless it is over 10,000,000 bytes; its name, type,
 * size and dates; Download, Get URL and Delete file.
 */
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { format } from 'date-fns'
import { Download, Link2, Trash2, X } from 'lucide-react'
import { STORAGE_PREVIEW_EXPIRY_S, STORAGE_PREVIEW_MAX_BYTES, STORAGE_PREVIEW_WIDTH } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, IconButton } from '../../../ui'
import { bucketQuery } from '../../../model/storage/buckets/queries'
import { formatSize } from '../../../model/storage/buckets/size-units'
import { explorer, type ExplorerItem } from '../../../model/storage/explorer/explorer-state'
import { ItemIcon } from './ItemRow'
import { useCommandReason } from '../../../useCan'
import { PreviewContent } from './PreviewContent'
import { keys } from '../../../model/project/keys'

const when = (iso: string | null) => (iso ? format(new Date(iso), 'dd MMM yyyy, HH:mm:ss') : '-')

function usePreviewUrl(item: ExplorerItem, bucketId: string, ref: string, skip: boolean) {
  const api = useApi()
  // the buckets' own query: a change of the bucket (public or not) refreshes it
  const bucket = useQuery(bucketQuery(api, ref, bucketId))
  const isPublic = bucket.data?.public
  return useQuery({
    queryKey: keys.previewUrl(ref, bucketId, item.path, item.updated_at, isPublic),
    enabled: !skip && isPublic !== undefined,
    staleTime: STORAGE_PREVIEW_EXPIRY_S * 1000,
    retry: false,
    queryFn: async () => {
      try {
        if (isPublic) return (await api.publicUrl(ref, bucketId, { path: item.path })).publicUrl
        return (await api.signObject(ref, bucketId, { path: item.path, expiresIn: STORAGE_PREVIEW_EXPIRY_S })).signedUrl
      } catch {
        throw new Error(isPublic ? MSG.publicPreviewFailed : MSG.signedPreviewFailed)
      }
    },
  })
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div className="sx-preview__detail">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export function PreviewPane() {
  const snap = useSnapshot(explorer)
  const item = snap.preview as ExplorerItem | null
  const size = item?.metadata?.size ?? 0
  const skipped = size > STORAGE_PREVIEW_MAX_BYTES
  const url = usePreviewUrl(item ?? ({} as ExplorerItem), snap.bucketId ?? '', snap.ref, !item || skipped || item.isCorrupted)
  if (!item) return null
  const mime = item.metadata?.mimetype ?? ''
  const deleteReason = useCommandReason('storage.objects.delete') ?? undefined
  return (
    <aside className="sx-preview" style={{ width: STORAGE_PREVIEW_WIDTH }} aria-label="File preview">
      <div className="sx-preview__top">
        <IconButton label="Close preview" icon={<X size={14} />} size="sm" onClick={() => press('storage.preview.close')} />
      </div>
      <div className="sx-preview__media">
        {item.isCorrupted ? (
          <ItemIcon item={item} size={48} />
        ) : skipped ? (
          <p className="sx-preview__note">{MSG.previewTooLarge}</p>
        ) : url.isError ? (
          <p className="sx-preview__note sx-preview__note--error">{url.error.message}</p>
        ) : url.data ? (
          <PreviewContent url={url.data} mime={mime} name={item.name} fallback={<ItemIcon item={item} size={48} />} />
        ) : (
          <p className="sx-preview__note">Loading preview…</p>
        )}
      </div>
      {item.isCorrupted && <Alert type="warning">{MSG.fileCorruptedNotice}</Alert>}
      <h3 className="sx-preview__name">{item.name}</h3>
      <p className="sx-preview__mime">{mime || '-'}</p>
      <dl className="sx-preview__details">
        <Detail label="Size">{item.metadata ? formatSize(size) : '-'}</Detail>
        <Detail label="Added on">{when(item.created_at)}</Detail>
        <Detail label="Last modified">{when(item.updated_at)}</Detail>
      </dl>
      <div className="sx-preview__actions">
        <Button size="sm" icon={<Download size={14} />} onClick={() => press('storage.objects.download', { paths: [item.path] })}>
          Download
        </Button>
        <Button size="sm" icon={<Link2 size={14} />} onClick={() => press('storage.object.url-dialog.open', { path: item.path })}>
          Get URL
        </Button>
        <Button
          size="sm"
          variant="danger"
          icon={<Trash2 size={14} />}
          disabled={!!deleteReason}
          title={deleteReason}
          onClick={() => press('storage.objects.delete', { paths: [item.path] })}
        >
          Delete file
        </Button>
      </div>
    </aside>
  )
}
