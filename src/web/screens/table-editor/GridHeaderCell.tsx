import { memo, useState, type CSSProperties, type DragEvent } from 'react'
import type { Header } from '@tanstack/react-table'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { ArrowDown, ArrowUp, ChevronDown, EyeOff, Key, Link2, Pencil, Pin, PinOff, RotateCcw, Trash2, X } from 'lucide-react'
import type { Column, Row } from '../../../shared/api'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { useApi } from '../../commands-context'
import { tableQuery } from '../../model/project/queries'
import { DropdownMenu, MenuItem, MenuSeparator, cx } from '../../ui'
import { resetColumnWidth } from '../../model/table-editor/grid'
import { press } from '../../commands-run'
import { columnType } from '../../model/table-editor/structure/column-types'
import { useCan } from '../../useCan'

/** What a drag of a column header carries. */
const COLUMN_DRAG_TYPE = 'application/x-studio-column'

interface GridHeaderCellProps {
  header: Header<Row, unknown>
  column: Column
  style: CSSProperties
  primaryKey: boolean
  foreignKey: boolean
  frozen: boolean
  resized: boolean
  /** 'asc' or 'desc' when the rows are sorted by this column */
  sorted: 'asc' | 'desc' | null
  /** its edge is being dragged */
  resizing: boolean
  onDropColumn: (dragged: string, target: string) => void
}

/**
 * A column header: name, type and key; its menu edits, sorts, freezes, hides, resets and deletes; drag the
 * label to reorder, the edge to resize. Memoized: a scroll of the grid does not draw it again.
 */
export const GridHeaderCell = memo(function GridHeaderCell({
  header, column, style, primaryKey, foreignKey, frozen, resized, sorted, resizing, onDropColumn,
}: GridHeaderCellProps) {
  const [dropping, setDropping] = useState(false)
  const name = column.name
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  const table = useQuery(tableQuery(useApi(), ref, column.table_id)).data
  const editable = useCan('sqlAdminWriteColumns') && table?.readonly === false
  const droppable = (e: DragEvent) => !frozen && e.dataTransfer.types.includes(COLUMN_DRAG_TYPE)

  return (
    <div
      role="columnheader"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
      className={cx('te-hcell', frozen && 'te-cell--frozen', dropping && 'te-hcell--drop')}
      style={style}
      onDragOver={(e) => {
        if (!droppable(e)) return
        e.preventDefault()
        setDropping(true)
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        setDropping(false)
        if (!droppable(e)) return
        e.preventDefault()
        onDropColumn(e.dataTransfer.getData(COLUMN_DRAG_TYPE), name)
      }}
    >
      <div
        className="te-hcell__label"
        draggable={!frozen}
        onDragStart={(e) => {
          e.dataTransfer.setData(COLUMN_DRAG_TYPE, name)
          e.dataTransfer.effectAllowed = 'move'
        }}
        title={column.comment ?? undefined}
      >
        {primaryKey && <Key size={12} className="te-hcell__key" aria-label="Primary key" />}
        {foreignKey && <Link2 size={12} className="te-hcell__fk" aria-label="Foreign key" />}
        <span className="te-hcell__name">{name}</span>
        <span className="te-hcell__type">{columnType(column)}</span>
        {sorted === 'asc' && <ArrowUp size={12} className="te-hcell__sort" aria-label="Sorted ascending" />}
        {sorted === 'desc' && <ArrowDown size={12} className="te-hcell__sort" aria-label="Sorted descending" />}
      </div>
      <DropdownMenu
        align="end"
        trigger={
          <button type="button" className="te-hcell__menu" aria-label={`${name} column menu`}>
            <ChevronDown size={14} />
          </button>
        }
      >
        {editable && (
          <>
            <MenuItem icon={<Pencil size={14} />} onSelect={() => press('grid.column.edit-panel.open', { column: name })}>
              Edit column
            </MenuItem>
            <MenuSeparator />
          </>
        )}
        <MenuItem icon={<ArrowUp size={14} />} onSelect={() => press('grid.sort.add', { column: name, direction: 'asc' })}>
          Sort ascending
        </MenuItem>
        <MenuItem icon={<ArrowDown size={14} />} onSelect={() => press('grid.sort.add', { column: name, direction: 'desc' })}>
          Sort descending
        </MenuItem>
        {sorted && (
          <MenuItem icon={<X size={14} />} onSelect={() => press('grid.sort.remove', { column: name })}>
            Remove sort
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem icon={frozen ? <PinOff size={14} /> : <Pin size={14} />} onSelect={() => press('grid.column.freeze', { column: name })}>
          {frozen ? 'Unfreeze column' : 'Freeze column'}
        </MenuItem>
        <MenuItem icon={<EyeOff size={14} />} onSelect={() => press('grid.column.hide', { column: name })}>
          Hide column
        </MenuItem>
        {resized && (
          <MenuItem icon={<RotateCcw size={14} />} onSelect={() => resetColumnWidth(name)}>
            Reset width
          </MenuItem>
        )}
        {editable && (
          <>
            <MenuSeparator />
            <MenuItem danger icon={<Trash2 size={14} />} onSelect={() => press('grid.column.delete', { column: name })}>
              Delete column
            </MenuItem>
          </>
        )}
      </DropdownMenu>
      {header.column.getCanResize() && (
        <div
          className={cx('te-hcell__resize', resizing && 'te-hcell__resize--active')}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => resetColumnWidth(name)}
          aria-hidden
        />
      )}
    </div>
  )
})
