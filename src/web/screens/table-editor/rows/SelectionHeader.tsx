import { Copy, Trash2, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { CountResponse } from '../../../../shared/api'
import { press } from '../../../commands-run'
import { bindingFor } from '../../../model/app/keys/keymap'
import { selection } from '../../../model/table-editor/selection'
import { Button, DisabledReason, IconButton } from '../../../ui'
import { useCommandReason } from '../../../useCan'

const number = new Intl.NumberFormat('en-US')
const rows = (n: number) => `${number.format(n)} ${n === 1 ? 'row' : 'rows'}`

/** In place of the toolbar while rows are selected (spec 2): the count, 'Select all N rows', copy, delete, clear. */
export function SelectionHeader({ count }: { count: CountResponse | undefined }) {
  const picked = useSnapshot(selection)
  const total = count?.count
  const selectAllReason = useCommandReason('grid.selection.select-all-rows')
  const copyReason = useCommandReason('grid.selection.copy')
  const shown = picked.allRows ? (total === undefined ? 'All rows' : `All ${rows(total)}`) : rows(picked.keys.size)

  return (
    <header className="te-toolbar rows-selection" aria-label="Selected rows">
      <IconButton size="sm" label="Clear selection" binding={bindingFor('grid.selection.clear')} icon={<X size={15} />} onClick={() => press('grid.selection.clear')} />
      <span className="rows-selection__count" role="status">
        {shown} selected
      </span>
      {!picked.allRows && total !== undefined && total > picked.keys.size && (
        <DisabledReason reason={selectAllReason}>
          <Button size="sm" variant="ghost" disabled={selectAllReason !== null} onClick={() => press('grid.selection.select-all-rows')}>
            Select all {rows(total)}
          </Button>
        </DisabledReason>
      )}
      <div className="rows-selection__actions">
        <DisabledReason reason={copyReason}>
          <Button size="sm" icon={<Copy size={14} />} disabled={copyReason !== null} onClick={() => press('grid.selection.copy')}>
            Copy
          </Button>
        </DisabledReason>
        <Button size="sm" variant="danger" icon={<Trash2 size={14} />} onClick={() => press('grid.rows.delete')}>
          Delete {picked.allRows ? 'all rows' : rows(picked.keys.size)}
        </Button>
      </div>
    </header>
  )
}
