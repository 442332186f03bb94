import { Columns3 } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { GridTable } from '../../../../shared/api'
import { press } from '../../../commands-run'
import { gridState, orderColumns, isColumnFrozen } from '../../../model/table-editor/grid'
import { Button, Popover } from '../../../ui'
import { columnType } from '../../../model/table-editor/structure/column-types'
import './structure.css'

/** The 'Columns' menu above the grid: show or hide each column, show all, reset the layout. */
export function ColumnsMenu({ table }: { table: GridTable }) {
  const snap = useSnapshot(gridState)
  const columns = orderColumns(table.columns, snap.order, (c) => isColumnFrozen(snap.frozen, table, c.name))
  const hidden = columns.filter((c) => snap.hidden.includes(c.name)).length
  return (
    <Popover
      align="end"
      trigger={
        <Button size="sm" variant={hidden ? 'default' : 'ghost'} icon={<Columns3 size={14} />}>
          {hidden ? `${hidden} hidden` : 'Columns'}
        </Button>
      }
    >
      <div className="st-columns">
        <strong>Columns of {table.name}</strong>
        <ul className="st-columns__list" aria-label="Shown columns">
          {columns.map((c) => {
            const shown = !snap.hidden.includes(c.name)
            return (
              <li key={c.name}>
                <label className="st-columns__item">
                  <input
                    type="checkbox"
                    checked={shown}
                    onChange={() => press(shown ? 'grid.column.hide' : 'grid.column.show', { column: c.name })}
                  />
                  <span>{c.name}</span>
                  <span className="st-columns__type">{columnType(c)}</span>
                </label>
              </li>
            )
          })}
        </ul>
        <div className="st-columns__actions">
          <Button size="sm" variant="ghost" onClick={() => press('grid.columns.reset')}>
            Reset layout
          </Button>
          <Button size="sm" disabled={hidden === 0} onClick={() => press('grid.columns.show-all')}>
            Show all
          </Button>
        </div>
      </div>
    </Popover>
  )
}
