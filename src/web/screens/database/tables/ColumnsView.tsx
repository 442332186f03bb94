import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import { Ellipsis, GripVertical, Info, Pencil, RotateCcw, Trash2 } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { Column, GridTable } from '../../../../shared/api'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Badge, Button, DropdownMenu, EmptyState, MenuItem, MenuSeparator } from '../../../ui'
import { columnOrder, hasCustomOrder, orderedNames, tableKey } from '../../../model/database/tables/column-order'
import { columnType } from '../../../model/table-editor/structure/column-types'

/**
 * The table's columns in their view order: drag a row by its handle, or focus the handle and press ↑/↓
 * (Home/End: first/last). Only this page's order changes: Postgres keeps the table's own.
 */
export function ColumnsView({ projectRef, table, lockedReason }: { projectRef: string; table: GridTable; lockedReason: string | null }) {
  useSnapshot(columnOrder)
  const key = tableKey(table.schema, table.name)
  const names = table.columns.map((c) => c.name)
  const order = orderedNames(projectRef, key, names)
  const byName = new Map(table.columns.map((c) => [c.name, c]))
  const custom = hasCustomOrder(projectRef, key)
  const [dragging, setDragging] = useState<string | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const listRef = useRef<HTMLDivElement>(null)
  /** the column whose handle moved by a key, to be focused again once the new order is drawn */
  const refocus = useRef<string | null>(null)
  const pk = new Set(table.primary_keys.map((p) => p.name))

  const move = (column: string, index: number) => {
    const position = Math.max(0, Math.min(order.length - 1, index)) + 1
    press('database.table.column.move', { column, position })
  }
  const onHandleKey = (e: KeyboardEvent, column: string, index: number) => {
    const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: order.length - 1 }[e.key]
    if (to === undefined || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
    e.preventDefault()
    e.stopPropagation()
    if (to === index) return
    refocus.current = column
    move(column, to)
  }
  // The focus stays on the handle, which moved with its row (moving a node drops its focus): once the new order
  // is drawn, and only when nothing else took the focus meanwhile (the palette opened by a key, say).
  const orderKey = order.join('\u0000')
  useLayoutEffect(() => {
    const column = refocus.current
    refocus.current = null
    const handle = column && listRef.current?.querySelector<HTMLElement>(`[data-handle="${CSS.escape(column)}"]`)
    const focused = document.activeElement
    if (handle && (!focused || focused === document.body || focused === handle)) handle.focus()
  }, [orderKey])
  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault()
    const column = dragging ?? e.dataTransfer.getData('text/plain')
    setDragging(null)
    setOver(null)
    if (column && order.indexOf(column) !== index) move(column, index)
  }

  if (table.columns.length === 0) {
    return <EmptyState title="This table has no columns" description={lockedReason ?? 'Add a column to start storing data in it.'} />
  }
  return (
    <div className="dbt-columns">
      <p className="dbt-order-note" role="note">
        <Info size={13} aria-hidden />
        <span>{MSG.columnViewOrder}</span>
        {custom && (
          <Button size="sm" variant="ghost" icon={<RotateCcw size={12} />} onClick={() => press('database.table.columns.order.reset')}>
            Table order
          </Button>
        )}
      </p>
      <div className="area-table" role="table" aria-label={`Columns of ${table.name}`}>
        <div className="dbt-col-row db-row--head dbt-col-row--head" role="row">
          <span role="columnheader">
            <span className="sr-only">View order</span>
          </span>
          <span role="columnheader">Name</span>
          <span role="columnheader">Type</span>
          <span role="columnheader">Default</span>
          <span role="columnheader">Nullable</span>
          <span role="columnheader">Constraints</span>
          <span role="columnheader">Description</span>
          <span role="columnheader">
            <span className="sr-only">Actions</span>
          </span>
        </div>
        <div className="area-scroll" ref={listRef}>
          {order.map((name, index) => {
            const column = byName.get(name)
            if (!column) return null
            return (
              <div
                key={name}
                className={`dbt-col-row${dragging === name ? ' dbt-col-row--dragging' : ''}${over === index && dragging !== name ? ' dbt-col-row--over' : ''}`}
                role="row"
                aria-label={name}
                onDragOver={(e) => {
                  if (!dragging) return
                  e.preventDefault()
                  setOver(index)
                }}
                onDragLeave={() => setOver((o) => (o === index ? null : o))}
                onDrop={(e) => onDrop(e, index)}
              >
                <span role="cell">
                  <button
                    type="button"
                    className="dbt-handle"
                    data-handle={name}
                    draggable
                    aria-label={`Move ${name} (view order ${index + 1} of ${order.length}): arrow keys`}
                    title="Drag, or press ↑ / ↓, to change the view order"
                    onKeyDown={(e) => onHandleKey(e, name, index)}
                    onDragStart={(e) => {
                      e.dataTransfer.setData('text/plain', name)
                      e.dataTransfer.effectAllowed = 'move'
                      setDragging(name)
                    }}
                    onDragEnd={() => {
                      setDragging(null)
                      setOver(null)
                    }}
                  >
                    <GripVertical size={14} />
                  </button>
                </span>
                <ColumnCells column={column} primaryKey={pk.has(name)} lockedReason={lockedReason} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}

function ColumnCells({ column, primaryKey, lockedReason }: { column: Column; primaryKey: boolean; lockedReason: string | null }) {
  const editReason = useCommandReason('grid.column.edit-panel.open')
  const deleteReason = useCommandReason('grid.column.delete')
  const reason = lockedReason ?? editReason
  return (
    <>
      <span role="rowheader" className="dbt-col-name" title={column.name}>
        {column.name}
      </span>
      <span role="cell" className="dbt-mono dbt-cell--muted">
        {columnType(column)}
      </span>
      <span role="cell" className="dbt-mono dbt-cell--muted" title={column.default_value ?? undefined}>
        {column.is_identity ? <span className="dbt-faint">identity {column.identity_generation?.toLowerCase()}</span> : (column.default_value ?? <span className="dbt-faint">NULL</span>)}
      </span>
      <span role="cell">{column.is_nullable ? 'Yes' : <span className="dbt-faint">No</span>}</span>
      <span role="cell" className="dbt-badges">
        {primaryKey && <Badge tone="accent">Primary key</Badge>}
        {column.is_unique && !primaryKey && <Badge tone="info">Unique</Badge>}
        {column.is_identity && <Badge>Identity</Badge>}
        {column.is_generated && <Badge>Generated</Badge>}
      </span>
      <span role="cell" className="dbt-cell--muted dbt-ellipsis" title={column.comment ?? undefined}>
        {column.comment ?? <span className="dbt-faint">—</span>}
      </span>
      <span role="cell" className="db-cell--actions">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for column ${column.name}`}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<Pencil size={14} />} disabled={reason !== null} onSelect={() => press('grid.column.edit-panel.open', { column: column.name })}>
            Edit column
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger disabled={(lockedReason ?? deleteReason) !== null} onSelect={() => press('grid.column.delete', { column: column.name })}>
            Delete column
          </MenuItem>
          {reason && <p className="dbt-menu-reason">{reason}</p>}
        </DropdownMenu>
      </span>
    </>
  )
}
