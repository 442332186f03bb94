import { useEffect, useId, useMemo, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react'
import { getCoreRowModel, useReactTable, type ColumnDef, type ColumnSizingState, type Updater } from '@tanstack/react-table'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSnapshot } from 'valtio'
import type { GridTable, Row } from '../../../shared/api'
import { COLUMN_MIN_WIDTH, GRID_ROW_HEIGHT, SELECT_COLUMN_WIDTH } from '../../../shared/constants'
import type { Sort } from '../../../shared/filters'
import { press } from '../../commands-run'
import { displayColumns, gridState, isColumnFrozen, moveColumn, setColumnWidth, setGridFocus } from '../../model/table-editor/grid'
import { rowEdit, stopEditing, typeOnCell } from '../../model/table-editor/row-edit'
import { useCommandState } from '../../command-state'
import { typesIntoCell } from './type-to-edit'
import { hasSelection, rowKey, selection } from '../../model/table-editor/selection'
import { columnKind, defaultColumnWidth, foreignKeyOf, isPrimaryKey } from '../../model/table-editor/columns'
import { GridHeaderCell } from './GridHeaderCell'
import { cellReadOnlyReason } from '../../model/table-editor/rows/cell-values'
import { SelectHeaderCell } from './rows/SelectCells'
import { GridRow, ROW_NUMBER, cellDomId, type RowCells, type RowLayout } from './GridRow'
import { ADD_COLUMN_WIDTH, AddColumnHeaderCell } from './structure/AddColumnHeaderCell'

const HEADER_HEIGHT = GRID_ROW_HEIGHT

interface GridProps {
  projectRef: string
  table: GridTable
  rows: Row[]
  /** the number shown beside the first row of this page */
  firstRowNumber: number
  /** which rows these are (page, size, filters, sorts): when it changes, the grid goes back to its top */
  pageKey: string
  sorts: Sort[]
  /** shown under the header when there are no rows */
  empty: ReactNode
}

/**
 * The data grid: rows and columns virtualized, frozen columns sticky on the left, a focused cell moved
 * with the arrow keys, Home/End, PageUp/PageDown (Ctrl+Home/End for the first and last row). Enter, F2 or
 * a double click edits the focused cell, and typing on it starts editing with what was typed (type-to-edit.ts);
 * Space selects its row, ⌘C copies its value (⌘Enter follows a foreign key). A new page starts at its top.
 */
export function Grid({ projectRef, table, rows, firstRowNumber, pageKey, sorts, empty }: GridProps) {
  const snap = useSnapshot(gridState)
  const { editing } = useSnapshot(rowEdit)
  const picked = useSnapshot(selection)
  const scrollRef = useRef<HTMLDivElement>(null)
  const gridId = useId()

  const frozen = (name: string) => isColumnFrozen(snap.frozen, table, name)
  const columns = displayColumns(table, snap)
  const frozenCount = columns.filter((c) => frozen(c.name)).length
  const indexOf = new Map(columns.map((c, i) => [c.name, i]))
  const meta = useMemo(
    () =>
      new Map(
        table.columns.map((c) => [
          c.name,
          { column: c, kind: columnKind(c), foreignKey: foreignKeyOf(table, c.name), primaryKey: isPrimaryKey(table, c.name) },
        ]),
      ),
    [table],
  )

  const defs = useMemo<ColumnDef<Row>[]>(
    () => [
      { id: ROW_NUMBER, size: SELECT_COLUMN_WIDTH, enableResizing: false },
      ...table.columns.map((c) => ({
        id: c.name,
        size: defaultColumnWidth(c),
        minSize: COLUMN_MIN_WIDTH,
        maxSize: 2000,
      })),
    ],
    [table],
  )

  // the same objects while the columns stay the same: react-table then keeps its columns and headers, so
  // the memoized header cells and rows are not drawn again on a scroll
  const columnsKey = JSON.stringify(columns.map((c) => c.name))
  const tableState = useMemo(
    () => ({
      columnOrder: [ROW_NUMBER, ...columns.map((c) => c.name)],
      columnPinning: { left: [ROW_NUMBER, ...columns.slice(0, frozenCount).map((c) => c.name)] },
      columnVisibility: Object.fromEntries(snap.hidden.map((name) => [name, false])),
    }),
    [columnsKey, frozenCount, snap.hidden],
  )

  const grid = useReactTable({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    columnResizeMode: 'onChange',
    state: { ...tableState, columnSizing: snap.widths as ColumnSizingState },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => {
      const next = typeof updater === 'function' ? updater({ ...gridState.widths }) : updater
      for (const [name, width] of Object.entries(next)) if (gridState.widths[name] !== width) setColumnWidth(name, width)
    },
  })

  // the "+" column at the right edge opens the add-column panel, where the role may change the table
  const addColumnState = useCommandState('grid.column.insert-panel.open')
  const addColumn = addColumnState.available && addColumnState.reason === null && (table.type === 'table' || table.type === 'partitioned table')

  const leftColumns = grid.getLeftVisibleLeafColumns()
  const centerColumns = grid.getCenterVisibleLeafColumns()
  const leftWidth = grid.getLeftTotalSize()
  const widthsKey = centerColumns.map((c) => `${c.id}:${c.getSize()}`).join('|')

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => GRID_ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    // rows drawn beyond the view: enough for a wheel step; each one more costs every frame of a scroll (its sticky cells are layers)
    overscan: 5,
  })
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: centerColumns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => centerColumns[i]?.getSize() ?? COLUMN_MIN_WIDTH,
    paddingStart: leftWidth,
    scrollPaddingStart: leftWidth,
    // room for the "+" column after the last one
    paddingEnd: addColumn ? ADD_COLUMN_WIDTH : 0,
    overscan: 3,
  })
  useEffect(() => columnVirtualizer.measure(), [columnVirtualizer, widthsKey, leftWidth])

  const keyColumns = table.primary_keys.map((pk) => pk.name)
  const selectable = keyColumns.length > 0
  const keys = useMemo(() => rows.map((row) => rowKey(keyColumns, row)), [rows, table])
  const isSelected = (i: number) => picked.allRows || picked.keys.has(keys[i] ?? '')
  // how many of the page's rows are selected: counted when the selection or the page changes, not on every scroll
  const selectedHere = useMemo(() => (picked.allRows ? keys.length : keys.filter((k) => picked.keys.has(k)).length), [picked.allRows, picked.keys, keys])
  const selecting = hasSelection(projectRef, table.id)
  const editingHere = editing?.ref === projectRef && editing.tableId === table.id ? editing : null
  const canEdit = useCommandState('grid.cell.edit').reason === null

  // a table opened from the keyboard (the palette) puts the keyboard in its grid
  useEffect(() => {
    if (document.activeElement === document.body) scrollRef.current?.focus()
  }, [])

  // another page (or other filters, sorts, page size) starts at its first row, not where the last one was
  // scrolled to; the column scrolled to stays
  const shownKey = useRef(pageKey)
  useEffect(() => {
    if (shownKey.current === pageKey) return
    shownKey.current = pageKey
    if (gridState.focus) setGridFocus({ row: 0, col: gridState.focus.col })
    rowVirtualizer.scrollToOffset(0)
    // the router's scroll restoration then carries the old page's offset over to the new address: once
    // more, before the frame is drawn
    const frame = requestAnimationFrame(() => rowVirtualizer.scrollToOffset(0))
    return () => cancelAnimationFrame(frame)
  }, [pageKey])

  // the keyboard comes back to the grid when an editor closes
  const wasEditing = useRef(false)
  useEffect(() => {
    if (wasEditing.current && !editingHere && (document.activeElement === document.body || scrollRef.current?.contains(document.activeElement))) {
      scrollRef.current?.focus()
    }
    wasEditing.current = editingHere !== null
  }, [editingHere])

  const virtualColumns = columnVirtualizer.getVirtualItems()
  const gapBefore = (virtualColumns[0]?.start ?? leftWidth) - leftWidth
  const totalWidth = columnVirtualizer.getTotalSize()

  const focus = snap.focus && rows.length > 0
    ? { row: Math.min(snap.focus.row, rows.length - 1), col: Math.min(snap.focus.col, columns.length - 1) }
    : null
  const cellId = (row: number, col: number) => cellDomId(gridId, row, col)

  function moveFocus(row: number, col: number) {
    const r = Math.max(0, Math.min(rows.length - 1, row))
    const c = Math.max(0, Math.min(columns.length - 1, col))
    setGridFocus({ row: r, col: c })
    rowVirtualizer.scrollToIndex(r, { align: 'auto' })
    if (c >= frozenCount) columnVirtualizer.scrollToIndex(c - frozenCount, { align: 'auto' })
  }

  function followLink(at: { row: number; col: number }): boolean {
    const link = document.getElementById(cellId(at.row, at.col))?.querySelector<HTMLElement>('[data-fk-link]')
    link?.click()
    return Boolean(link)
  }

  /** Enter edits; a cell that cannot be edited follows its foreign key instead, when it has one. */
  function enter(at: { row: number; col: number }, mod: boolean) {
    const column = columns[at.col]
    if (mod || (column && cellReadOnlyReason(table, column))) {
      if (followLink(at) || mod) return
    }
    press('grid.cell.edit')
  }

  /** A printable key on an editable cell edits it, starting from that key (keys typed until the editor opens follow). */
  function typeInto(at: { row: number; col: number }, event: KeyboardEvent<HTMLDivElement>): boolean {
    const column = columns[at.col]
    if (!column || !canEdit || cellReadOnlyReason(table, column) || !typesIntoCell(event.nativeEvent)) return false
    const open = editingHere?.row === at.row && editingHere.column === column.name ? editingHere : null
    const field = open && document.getElementById(cellId(at.row, at.col))?.querySelector<HTMLElement>('input, textarea, [role="listbox"]')
    if (field) {
      field.focus() // its editor is open (a refused value kept it): the key goes on into it
      return true
    }
    event.preventDefault()
    if (editingHere && !open) stopEditing() // an editor left open on another cell gives way
    if (typeOnCell(event.key)) press('grid.cell.edit')
    return true
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // keys typed into an editor, or in a dialog the grid opened, are theirs
    if (event.target !== event.currentTarget) return
    if (rows.length === 0) return
    if (focus && typeInto(focus, event)) return
    if (event.altKey || event.shiftKey) return
    const at = focus ?? { row: 0, col: 0 }
    const mod = event.ctrlKey || event.metaKey
    const pageRows = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 0) - HEADER_HEIGHT) / GRID_ROW_HEIGHT) - 1)
    const moves: Record<string, [number, number]> = {
      ArrowUp: [at.row - 1, at.col],
      ArrowDown: [at.row + 1, at.col],
      ArrowLeft: [at.row, at.col - 1],
      ArrowRight: [at.row, at.col + 1],
      Home: [mod ? 0 : at.row, 0],
      End: [mod ? rows.length - 1 : at.row, columns.length - 1],
      PageUp: [at.row - pageRows, at.col],
      PageDown: [at.row + pageRows, at.col],
    }
    const target = moves[event.key]
    if (target && (!mod || event.key === 'Home' || event.key === 'End')) {
      event.preventDefault()
      moveFocus(target[0], target[1])
    } else if (event.key === 'Enter' && focus) {
      event.preventDefault()
      enter(focus, mod)
    } else if (event.key === ' ' && focus && !mod) {
      event.preventDefault()
      press('grid.selection.toggle')
    } else if (event.key.toLowerCase() === 'c' && mod && focus && !selecting) {
      event.preventDefault()
      press('grid.cell.copy')
    }
  }

  const sortOf = (name: string) => {
    const s = sorts.find((x) => x.column === name)
    return s ? (s.ascending ? 'asc' : 'desc') : null
  }
  const stickyStyle = (start: number, size: number): CSSProperties => ({ width: size, left: start, position: 'sticky' })
  const headerCells = grid.getHeaderGroups()[0]?.headers ?? []

  // What every row draws (GridRow is memoized): the same objects while the columns in view and their
  // widths stay, and each column's style the same object while its place and width do.
  const styles = useRef(new Map<string, CSSProperties>()).current
  const styleOf = (key: string, make: () => CSSProperties) => {
    let style = styles.get(key)
    if (!style) styles.set(key, (style = make()))
    return style
  }
  const layoutKey = JSON.stringify([
    gapBefore,
    totalWidth,
    leftColumns.map((c) => [c.id, c.getStart('left'), c.getSize()]),
    virtualColumns.map((vc) => [centerColumns[vc.index]?.id, centerColumns[vc.index]?.getSize()]),
  ])
  const layout = useMemo<RowLayout>(
    () => ({
      left: leftColumns.map((c) => ({
        id: c.id,
        style: styleOf(`sticky ${c.getStart('left')} ${c.getSize()}`, () => stickyStyle(c.getStart('left'), c.getSize())),
      })),
      gapBefore,
      center: virtualColumns.flatMap((vc) => {
        const c = centerColumns[vc.index]
        return c ? [{ id: c.id, style: styleOf(`width ${c.getSize()}`, () => ({ width: c.getSize() })) }] : []
      }),
      width: totalWidth,
    }),
    [layoutKey],
  )
  const rowCells = useMemo<RowCells>(
    () => ({
      projectRef,
      gridId,
      meta,
      indexOf,
      frozen: new Set(columns.filter((c) => frozen(c.name)).map((c) => c.name)),
      firstRowNumber,
      selectable,
      selecting,
      keyColumns,
    }),
    [projectRef, gridId, meta, columnsKey, snap.frozen, firstRowNumber, selectable, selecting],
  )
  const dropColumn = useMemo(
    () => (dragged: string, target: string) => {
      const order = columns.map((c) => c.name)
      const before = order.indexOf(dragged) < order.indexOf(target) ? (order[order.indexOf(target) + 1] ?? null) : target
      moveColumn(order, dragged, before)
    },
    [columnsKey],
  )
  const headerById = new Map(headerCells.map((h) => [h.column.id, h]))

  function headerCell(id: string, style: CSSProperties) {
    const header = headerById.get(id)
    if (id === ROW_NUMBER || !header) {
      return (
        <SelectHeaderCell
          key={id}
          style={style}
          selected={selectedHere}
          total={rows.length}
          selectable={selectable}
          onToggle={() => press('grid.selection.toggle-page')}
        />
      )
    }
    const m = meta.get(id)
    if (!m) return null
    return (
      <GridHeaderCell
        key={id}
        header={header}
        column={m.column}
        style={style}
        primaryKey={m.primaryKey}
        foreignKey={m.foreignKey !== undefined}
        frozen={frozen(id)}
        resized={snap.widths[id] !== undefined}
        sorted={sortOf(id)}
        resizing={header.column.getIsResizing()}
        onDropColumn={dropColumn}
      />
    )
  }

  return (
    <div className="te-grid-wrap">
      <div
        ref={scrollRef}
        className="te-grid"
        role="grid"
        tabIndex={0}
        aria-label={`Rows of ${table.name}`}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        aria-activedescendant={focus ? cellId(focus.row, focus.col) : undefined}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.target === e.currentTarget && !snap.focus && rows.length > 0 && setGridFocus({ row: 0, col: 0 })}
      >
        <div className="te-grid__inner" style={{ width: totalWidth, height: rowVirtualizer.getTotalSize() }}>
          <div role="row" aria-rowindex={1} className="te-grid__header" style={{ width: totalWidth, height: HEADER_HEIGHT }}>
            {layout.left.map((c) => headerCell(c.id, c.style))}
            <div className="te-grid__gap" style={{ width: gapBefore }} />
            {layout.center.map((c) => headerCell(c.id, c.style))}
            {addColumn && (centerColumns.length === 0 || virtualColumns.at(-1)?.index === centerColumns.length - 1) && (
              <AddColumnHeaderCell width={ADD_COLUMN_WIDTH} />
            )}
          </div>
          {rowVirtualizer.getVirtualItems().map((vr) => {
            const row = rows[vr.index]
            if (!row) return null
            return (
              <GridRow
                key={vr.key}
                index={vr.index}
                start={vr.start}
                row={row}
                layout={layout}
                cells={rowCells}
                selected={isSelected(vr.index)}
                focusCol={focus?.row === vr.index ? focus.col : null}
                editor={editingHere?.row === vr.index ? editingHere : null}
              />
            )
          })}
        </div>
      </div>
      {rows.length === 0 && (
        <div className="te-grid__empty" style={{ top: HEADER_HEIGHT }}>
          {empty}
        </div>
      )}
    </div>
  )
}
