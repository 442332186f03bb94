/**
 * One row of the grid and its cells, memoized: a scroll draws the rows that come into view and leaves the
 * others alone. A row draws again when the columns in view, its focus, its editor or its selection change;
 * a cell only when its own value, width, focus or editor do. The grid hands every row the same `layout`
 * (which columns are drawn, where) and `cells` (what the cells share) until one of those changes.
 */
import { memo, type CSSProperties } from 'react'
import type { Column, Relationship, Row } from '../../../shared/api'
import { GRID_ROW_HEIGHT } from '../../../shared/constants'
import { cx } from '../../ui'
import { press } from '../../commands-run'
import type { ColumnKind } from '../../model/table-editor/columns'
import { setGridFocus } from '../../model/table-editor/grid'
import type { EditingCell } from '../../model/table-editor/row-edit'
import { GridCellValue } from './GridCell'
import { CellEditor } from './rows/CellEditor'
import { SelectRowCell } from './rows/SelectCells'

/** The select column's id (row numbers and checkboxes). */
export const ROW_NUMBER = '#row'

/** The DOM id of a body cell, which the grid's aria-activedescendant names. */
export const cellDomId = (gridId: string, row: number, col: number) => `${gridId}-r${row}-c${col}`

/** What the grid knows of a column, once per table. */
export interface ColumnMeta {
  column: Column
  kind: ColumnKind
  foreignKey: Relationship | undefined
  primaryKey: boolean
}

/** A column as drawn: its id and its style (kept the same object while its place and width stay). */
export interface PlacedColumn {
  id: string
  style: CSSProperties
}

export interface RowLayout {
  /** the frozen columns, sticky on the left (the select column first) */
  left: readonly PlacedColumn[]
  /** the width left out before the first scrolled column in view */
  gapBefore: number
  /** the scrolled columns in view */
  center: readonly PlacedColumn[]
  width: number
}

/** What every row's cells share. */
export interface RowCells {
  projectRef: string
  gridId: string
  meta: ReadonlyMap<string, ColumnMeta>
  /** a column's index in display order (what the focus counts) */
  indexOf: ReadonlyMap<string, number>
  frozen: ReadonlySet<string>
  firstRowNumber: number
  selectable: boolean
  selecting: boolean
  keyColumns: readonly string[]
}

interface GridRowProps {
  index: number
  /** px from the top of the grid's content */
  start: number
  row: Row
  layout: RowLayout
  cells: RowCells
  selected: boolean
  /** the focused column when the focus is on this row, else null */
  focusCol: number | null
  /** the editor open on a cell of this row, else null */
  editor: Readonly<EditingCell> | null
}

export const GridRow = memo(function GridRow({ index, start, row, layout, cells, selected, focusCol, editor }: GridRowProps) {
  const primaryKey = () => Object.fromEntries(cells.keyColumns.map((k) => [k, row[k]]))
  const cell = (c: PlacedColumn) => {
    if (c.id === ROW_NUMBER) {
      return (
        <SelectRowCell
          key={c.id}
          style={c.style}
          number={cells.firstRowNumber + index}
          selected={selected}
          selectable={cells.selectable}
          selecting={cells.selecting}
          onToggle={() => press('grid.selection.toggle', { primaryKey: primaryKey() })}
          onExpand={cells.selectable ? () => press('grid.row.panel.open', { primaryKey: primaryKey() }) : undefined}
        />
      )
    }
    const m = cells.meta.get(c.id)
    if (!m) return null
    const col = cells.indexOf.get(c.id) ?? -1
    return (
      <GridBodyCell
        key={c.id}
        domId={cellDomId(cells.gridId, index, col)}
        row={index}
        col={col}
        style={c.style}
        value={row[c.id]}
        meta={m}
        projectRef={cells.projectRef}
        frozen={cells.frozen.has(c.id)}
        active={focusCol === col}
        editor={editor?.column === c.id ? editor : null}
      />
    )
  }
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={cx('te-row', focusCol !== null && 'te-row--focused', selected && 'rows-row--selected')}
      style={{ width: layout.width, height: GRID_ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      {layout.left.map(cell)}
      <div className="te-grid__gap" style={{ width: layout.gapBefore }} />
      {layout.center.map(cell)}
    </div>
  )
})

interface GridBodyCellProps {
  domId: string
  row: number
  col: number
  style: CSSProperties
  value: unknown
  meta: ColumnMeta
  projectRef: string
  frozen: boolean
  active: boolean
  editor: Readonly<EditingCell> | null
}

const GridBodyCell = memo(function GridBodyCell({ domId, row, col, style, value, meta, projectRef, frozen, active, editor }: GridBodyCellProps) {
  return (
    <div
      id={domId}
      role="gridcell"
      aria-colindex={col + 2}
      aria-selected={active}
      className={cx('te-cell', frozen && 'te-cell--frozen', active && 'te-cell--active', editor && 'rows-cell--editing', `te-cell--${meta.kind}`)}
      style={style}
      onMouseDown={(e) => e.currentTarget.contains(e.target as Node) && setGridFocus({ row, col })}
      onDoubleClick={(e) => {
        if (editor || !e.currentTarget.contains(e.target as Node)) return
        setGridFocus({ row, col })
        press('grid.cell.edit')
      }}
    >
      <GridCellValue value={value} kind={meta.kind} projectRef={projectRef} foreignKey={meta.foreignKey} />
      {editor && <CellEditor column={meta.column} editing={editor} />}
    </div>
  )
})
