/**
 * One statement's rows: virtualized in both directions (100,000 rows stay smooth: the rows in view are
 * found by arithmetic, every row being ROW_HEIGHT high, never by measuring them all), a row number column
 * that stays put, cells on one line drawn like the table editor's (muted NULL, compact JSON). A cell is
 * chosen by a click or the arrow keys (PageUp/PageDown, Home/End go further); Enter, a double click or a
 * JSON cell's button opens the value viewer. A column is resized by dragging its header's right edge, or
 * with Alt+←/→ on the chosen cell's column (sql.results.column.resize). Escape closes the viewer, then
 * goes back to the editor.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { useSnapshot } from 'valtio'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Braces } from 'lucide-react'
import type { StatementResult } from '../../../../shared/content'
import { cellText } from '../../../../shared/result-text'
import { press } from '../../../commands-run'
import { isJsonColumn, resultsView, selectCell, setColumnWidth, setViewerOpen } from '../../../model/sql-editor/results/view'
import { cx } from '../../../ui'

const ROW_HEIGHT = 30
const MIN_WIDTH = 80
const MAX_WIDTH = 420
const CHAR_WIDTH = 7.5
/** The DOM holds at most this much of a value. */
const SHOWN_CHARACTERS = 300
/** Alt+←/→ narrows or widens the chosen cell's column by this much. */
const RESIZE_STEP = 24
/** Rows drawn above and below those in view. */
const OVERSCAN = 12

/** The rows drawn: [from, to) */
interface RowWindow {
  from: number
  to: number
}

/**
 * The rows of a scroller in view (and OVERSCAN more each side), below its sticky header row: the first row
 * starts ROW_HEIGHT down the content, row i at (i + 1) * ROW_HEIGHT. Follows scrolls (drawn before the
 * frame, as a virtualizer does) and size changes; the same object while the window stays.
 */
function useRowWindow(scrollRef: RefObject<HTMLDivElement | null>, count: number): RowWindow {
  const [rows, setRows] = useState<RowWindow>({ from: 0, to: Math.min(count, 40) })
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    const update = (sync: boolean) => {
      const first = Math.floor(el.scrollTop / ROW_HEIGHT) - 1
      const last = Math.ceil((el.scrollTop + el.clientHeight) / ROW_HEIGHT) - 1
      const from = Math.max(0, Math.min(count, first - OVERSCAN))
      const to = Math.max(from, Math.min(count, last + OVERSCAN))
      const next = (now: RowWindow) => (now.from === from && now.to === to ? now : { from, to })
      if (sync) flushSync(() => setRows(next))
      else setRows(next)
    }
    update(false)
    const onScroll = () => update(true)
    el.addEventListener('scroll', onScroll, { passive: true })
    const resized = new ResizeObserver(() => update(false))
    resized.observe(el)
    return () => {
      el.removeEventListener('scroll', onScroll)
      resized.disconnect()
    }
  }, [scrollRef, count])
  return rows
}

/** Scrolls the least that shows row `index` whole below the header. */
function scrollRowIntoView(el: HTMLElement, index: number): void {
  const top = (index + 1) * ROW_HEIGHT
  if (top < el.scrollTop + ROW_HEIGHT) el.scrollTop = top - ROW_HEIGHT
  else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight
}

/** A column as wide as its name or its first rows' values need, within bounds. */
function columnWidths(result: StatementResult): number[] {
  const sample = result.rows.slice(0, 50)
  return result.columns.map((c) => {
    const longest = Math.max(c.name.length + 2, ...sample.map((r) => Math.min(cellText(r[c.name]).length, 60)))
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest * CHAR_WIDTH + 24)))
  })
}

function Cell({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="sql-cell__null">NULL</span>
  const text = cellText(value)
  return <span className="sql-cell__text">{text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text}</span>
}

/** Drags a header's right edge: the column follows the pointer until it is let go. */
function startResize(event: ReactPointerEvent<HTMLDivElement>, tab: number, column: string, width: number): void {
  event.preventDefault()
  event.stopPropagation()
  const handle = event.currentTarget
  const startX = event.clientX
  handle.setPointerCapture(event.pointerId)
  const move = (e: PointerEvent) => setColumnWidth(tab, column, width + e.clientX - startX)
  const end = () => {
    handle.removeEventListener('pointermove', move)
    handle.removeEventListener('pointerup', end)
    handle.removeEventListener('pointercancel', end)
  }
  handle.addEventListener('pointermove', move)
  handle.addEventListener('pointerup', end)
  handle.addEventListener('pointercancel', end)
}

interface ResultsGridProps {
  result: StatementResult
  /** the results tab it shows: widths are kept per tab */
  tab: number
  focusRequest: number
  label: string
}

export function ResultsGrid({ result, tab, focusRequest, label }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const view = useSnapshot(resultsView)
  const fitted = useMemo(() => columnWidths(result), [result])
  const resized = view.widths[tab]
  const widths = useMemo(() => result.columns.map((c, i) => resized?.[c.name] ?? fitted[i] ?? MIN_WIDTH), [result, fitted, resized])
  const numberWidth = String(result.rows.length).length * 8 + 24
  const rows = useRowWindow(scrollRef, result.rows.length)
  const columns = useVirtualizer({
    horizontal: true,
    count: result.columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? MIN_WIDTH,
    paddingStart: numberWidth,
    scrollPaddingStart: numberWidth,
    overscan: 4,
  })
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0, left: 0 })
  }, [result])
  useEffect(() => {
    columns.measure()
  }, [columns, widths])
  useEffect(() => {
    if (focusRequest > 0) scrollRef.current?.focus()
  }, [focusRequest])

  const cell = view.cell
  useEffect(() => {
    if (!cell) return
    if (scrollRef.current) scrollRowIntoView(scrollRef.current, cell.row)
    columns.scrollToIndex(cell.column, { align: 'auto' })
  }, [cell, columns])

  const virtualColumns = columns.getVirtualItems()
  const gapBefore = (virtualColumns[0]?.start ?? numberWidth) - numberWidth
  const totalWidth = columns.getTotalSize()

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const el = scrollRef.current
    if (!el || event.metaKey || event.ctrlKey) return
    if (event.key === 'Escape') {
      event.preventDefault()
      if (resultsView.viewerOpen) setViewerOpen(false)
      else document.querySelector<HTMLElement>('.sql-editor__code .cm-content')?.focus()
      return
    }
    const lastRow = result.rows.length - 1
    const lastColumn = result.columns.length - 1
    if (lastRow < 0 || lastColumn < 0) return
    const at = resultsView.cell ?? { row: 0, column: 0 }
    if (event.altKey) {
      const step = event.key === 'ArrowRight' ? RESIZE_STEP : event.key === 'ArrowLeft' ? -RESIZE_STEP : 0
      const column = result.columns[at.column]
      if (!step || !column || event.shiftKey) return
      event.preventDefault()
      void press('sql.results.column.resize', { column: column.name, width: (widths[at.column] ?? MIN_WIDTH) + step })
      return
    }
    if (event.key === 'Enter' && resultsView.cell) {
      event.preventDefault()
      void press('sql.results.value.view')
      return
    }
    const page = Math.max(1, Math.floor(el.clientHeight / ROW_HEIGHT) - 2)
    const moves: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      PageDown: [page, 0],
      PageUp: [-page, 0],
      Home: [-Infinity, 0],
      End: [Infinity, 0],
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    // the first key chooses the first cell; the next ones move from it
    const next = resultsView.cell
      ? { row: Math.max(0, Math.min(lastRow, at.row + move[0])), column: Math.max(0, Math.min(lastColumn, at.column + move[1])) }
      : at
    selectCell(next)
  }

  return (
    <div className="sql-grid-wrap">
      <div
        ref={scrollRef}
        className="sql-grid"
        role="grid"
        tabIndex={0}
        aria-label={label}
        aria-rowcount={result.rows.length + 1}
        aria-colcount={result.columns.length + 1}
        onKeyDown={onKeyDown}
      >
        <div className="sql-grid__inner" style={{ width: totalWidth, height: (result.rows.length + 1) * ROW_HEIGHT }}>
          <div role="row" aria-rowindex={1} className="sql-grid__header" style={{ width: totalWidth, height: ROW_HEIGHT }}>
            <div role="columnheader" className="sql-cell sql-cell--number" style={{ width: numberWidth }} aria-label="Row number" />
            <div style={{ width: gapBefore, flex: 'none' }} />
            {virtualColumns.map((vc) => {
              const column = result.columns[vc.index]
              if (!column) return null
              const width = widths[vc.index] ?? MIN_WIDTH
              return (
                <div
                  key={vc.key}
                  role="columnheader"
                  aria-colindex={vc.index + 2}
                  className="sql-cell sql-cell--header"
                  style={{ width: vc.size }}
                  title={column.name}
                  aria-label={column.name}
                >
                  <span className="sql-cell__text">{column.name}</span>
                  <div
                    className="sql-resize"
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={`Resize column ${column.name}`}
                    aria-valuenow={width}
                    onPointerDown={(e) => startResize(e, tab, column.name, width)}
                  />
                </div>
              )
            })}
          </div>
          {Array.from({ length: rows.to - rows.from }, (_, i) => rows.from + i).map((index) => {
            const row = result.rows[index]
            if (!row) return null
            return (
              <div
                key={index}
                role="row"
                aria-rowindex={index + 2}
                className="sql-grid__row"
                style={{ width: totalWidth, height: ROW_HEIGHT, transform: `translateY(${(index + 1) * ROW_HEIGHT}px)` }}
              >
                <div role="rowheader" className="sql-cell sql-cell--number" style={{ width: numberWidth }}>
                  {index + 1}
                </div>
                <div style={{ width: gapBefore, flex: 'none' }} />
                {virtualColumns.map((vc) => {
                  const column = result.columns[vc.index]
                  if (!column) return null
                  const chosen = cell?.row === index && cell.column === vc.index
                  const value = row[column.name]
                  const json = isJsonColumn(column) && value !== null && value !== undefined
                  const at = { row: index, column: vc.index }
                  return (
                    <div
                      key={vc.key}
                      role="gridcell"
                      aria-colindex={vc.index + 2}
                      aria-selected={chosen}
                      className={cx('sql-cell', chosen && 'sql-cell--chosen')}
                      style={{ width: vc.size }}
                      onClick={() => selectCell(at)}
                      onDoubleClick={() => {
                        selectCell(at)
                        void press('sql.results.value.view')
                      }}
                    >
                      <Cell value={value} />
                      {json && (
                        <button
                          type="button"
                          tabIndex={-1}
                          className="sql-cell__json"
                          aria-label={`View JSON of ${column.name}, row ${index + 1}`}
                          title="View JSON"
                          onClick={(e) => {
                            e.stopPropagation()
                            selectCell(at)
                            void press('sql.results.value.view')
                          }}
                        >
                          <Braces size={12} />
                        </button>
                      )}
                    </div>
                  )
                })}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
