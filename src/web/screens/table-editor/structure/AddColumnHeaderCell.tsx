import { Plus } from 'lucide-react'
import { press } from '../../../commands-run'
import { bindingFor } from '../../../model/app/keys/keymap'
import { Tooltip } from '../../../ui'

/** How wide the "+" column after the grid's last column is. */
export const ADD_COLUMN_WIDTH = 44

/** The "+" header cell after the last column: opens the add-column panel (the grid shows it only where the role may change the table). */
export function AddColumnHeaderCell({ width }: { width: number }) {
  return (
    <div role="columnheader" className="te-hcell st-add-column" style={{ width }}>
      <Tooltip content="Add column" binding={bindingFor('grid.column.insert-panel.open')}>
        <button
          type="button"
          className="st-add-column__button"
          aria-label="Add column"
          tabIndex={-1}
          // the keyboard stays on the grid until the panel takes it
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => press('grid.column.insert-panel.open')}
        >
          <Plus size={14} />
        </button>
      </Tooltip>
    </div>
  )
}
