import { Ellipsis, Eraser, Pencil, Trash2 } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import type { Bucket } from '../../../../shared/storage'
import { press } from '../../../commands-run'
import { DropdownMenu, IconButton, MenuItem, MenuSeparator } from '../../../ui'

/** A bucket's actions behind a '⋯' button on its row: edit, empty, delete (spec 6: storage admin write). */
export function BucketMenu({ bucket, canWrite }: { bucket: Bucket; canWrite: boolean }) {
  const bucketId = bucket.id
  return (
    <DropdownMenu
      side="right"
      trigger={<IconButton label={`Actions for ${bucket.name}`} icon={<Ellipsis size={14} />} size="sm" className="stg-bucket__menu" />}
    >
      {!canWrite && <p className="stg-menu-note">{MSG.noPermission('change storage')}</p>}
      <MenuItem icon={<Pencil size={14} />} disabled={!canWrite} onSelect={() => press('storage.bucket.edit-dialog.open', { bucketId })}>
        Edit bucket
      </MenuItem>
      <MenuItem icon={<Eraser size={14} />} disabled={!canWrite} onSelect={() => press('storage.bucket.empty', { bucketId })}>
        Empty bucket
      </MenuItem>
      <MenuSeparator />
      <MenuItem icon={<Trash2 size={14} />} danger disabled={!canWrite} onSelect={() => press('storage.bucket.delete-dialog.open', { bucketId })}>
        Delete bucket
      </MenuItem>
    </DropdownMenu>
  )
}
