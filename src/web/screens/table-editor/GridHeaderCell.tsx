import { useState, type CSSProperties, type DragEvent } from 'react'
import type { Header } from '@tanstack/react-table'
import { ArrowDown, ArrowUp, ChevronDown, Key, Link2, Pin, PinOff, RotateCcw, X } from 'lucide-react'
import type { Column, Row } from '../../../shared/api'
import { DropdownMenu, MenuItem, MenuSeparator, cx } from '../../ui'
import { resetColumnWidth } from '../../state/grid'
import { press } from '../../commands-run'

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
  onDropColumn: (dragged: string, target: string) => void
}

/** A column header: name, type and key; its menu sorts, freezes and resets; drag the label to reorder, the edge to resize. */
export function GridHeaderCell({ header, column, style, primaryKey, foreignKey, frozen, resized, sorted, onDropColumn }: GridHeaderCellProps) {
  const [dropping, setDropping] = useState(false)
  const name = column.name
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
        <span className="te-hcell__type">{column.format}</span>
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
        {resized && (
          <MenuItem icon={<RotateCcw size={14} />} onSelect={() => resetColumnWidth(name)}>
            Reset width
          </MenuItem>
        )}
      </DropdownMenu>
      {header.column.getCanResize() && (
        <div
          className={cx('te-hcell__resize', header.column.getIsResizing() && 'te-hcell__resize--active')}
          onMouseDown={header.getResizeHandler()}
          onTouchStart={header.getResizeHandler()}
          onDoubleClick={() => resetColumnWidth(name)}
          aria-hidden
        />
      )}
    </div>
  )
}
