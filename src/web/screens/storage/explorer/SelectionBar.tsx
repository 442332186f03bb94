/**
 * The header with a selection (spec 2): the count, Download, Move and Delete (helper commands that act on
 * the selection by default), and a clear button.
 */
import { useSnapshot } from 'valtio'
import { Download, FolderInput, Trash2, X } from 'lucide-react'
import { press } from '../../../commands-run'
import { Button, IconButton } from '../../../ui'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { useCommandReason } from '../../../useCan'

export function SelectionBar() {
  const { selected } = useSnapshot(explorer)
  const deleteReason = useCommandReason('storage.objects.delete') ?? undefined
  return (
    <div className="sx-selection" role="toolbar" aria-label="Selection">
      <IconButton label="Clear selection" icon={<X size={14} />} size="sm" onClick={() => press('storage.selection.clear')} />
      <span className="sx-selection__count">
        {selected.length} {selected.length === 1 ? 'item' : 'items'} selected
      </span>
      <Button size="sm" icon={<Download size={14} />} onClick={() => press('storage.objects.download')}>
        Download
      </Button>
      <Button size="sm" icon={<FolderInput size={14} />} onClick={() => press('storage.objects.move-dialog.open')}>
        Move
      </Button>
      <Button size="sm" variant="danger" icon={<Trash2 size={14} />} disabled={!!deleteReason} title={deleteReason} onClick={() => press('storage.objects.delete')}>
        Delete
      </Button>
    </div>
  )
}
