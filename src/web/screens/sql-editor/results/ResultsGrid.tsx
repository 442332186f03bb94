/**
 * One statement's rows: virtualized in both directions (100,000 rows stay smooth), a row number column
 * that stays put, cells on one line drawn like the table editor's (muted NULL, compact JSON). The arrow
 * keys, PageUp/PageDown and Home/End scroll it once it has the keyboard; Escape goes back to the editor.
 */
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { StatementResult } from '../../../../shared/content'
import { cellText } from '../../../model/sql-editor/results/format'

const ROW_HEIGHT = 30
const MIN_WIDTH = 80
const MAX_WIDTH = 420
const CHAR_WIDTH = 7.5
/** The DOM holds at most this much of a value. */
const SHOWN_CHARACTERS = 300

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

export function ResultsGrid({ result, focusRequest, label }: { result: StatementResult; focusRequest: number; label: string }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const widths = useMemo(() => columnWidths(result), [result])
  const numberWidth = String(result.rows.length).length * 8 + 24
  const rows = useVirtualizer({
    count: result.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: ROW_HEIGHT,
    overscan: 12,
  })
  const columns = useVirtualizer({
    horizontal: true,
    count: result.columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? MIN_WIDTH,
    paddingStart: numberWidth,
    overscan: 4,
  })
  useEffect(() => {
    columns.measure()
    scrollRef.current?.scrollTo({ top: 0, left: 0 })
  }, [columns, widths])
  useEffect(() => {
    if (focusRequest > 0) scrollRef.current?.focus()
  }, [focusRequest])

  const virtualColumns = columns.getVirtualItems()
  const gapBefore = (virtualColumns[0]?.start ?? numberWidth) - numberWidth
  const totalWidth = columns.getTotalSize()

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const el = scrollRef.current
    if (!el || event.altKey || event.metaKey || event.ctrlKey) return
    if (event.key === 'Escape') {
      event.preventDefault()
      document.querySelector<HTMLElement>('.sql-editor__code .cm-content')?.focus()
      return
    }
    const page = el.clientHeight - ROW_HEIGHT * 2
    const moves: Record<string, [number, number]> = {
      ArrowDown: [0, ROW_HEIGHT],
      ArrowUp: [0, -ROW_HEIGHT],
      ArrowRight: [120, 0],
      ArrowLeft: [-120, 0],
      PageDown: [0, page],
      PageUp: [0, -page],
      Home: [0, -el.scrollHeight],
      End: [0, el.scrollHeight],
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    el.scrollBy({ left: move[0], top: move[1] })
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
        <div className="sql-grid__inner" style={{ width: totalWidth, height: rows.getTotalSize() }}>
          <div role="row" aria-rowindex={1} className="sql-grid__header" style={{ width: totalWidth, height: ROW_HEIGHT }}>
            <div role="columnheader" className="sql-cell sql-cell--number" style={{ width: numberWidth }} aria-label="Row number" />
            <div style={{ width: gapBefore, flex: 'none' }} />
            {virtualColumns.map((vc) => {
              const column = result.columns[vc.index]
              return column ? (
                <div key={vc.key} role="columnheader" aria-colindex={vc.index + 2} className="sql-cell sql-cell--header" style={{ width: vc.size }} title={column.name}>
                  {column.name}
                </div>
              ) : null
            })}
          </div>
          {rows.getVirtualItems().map((vr) => {
            const row = result.rows[vr.index]
            if (!row) return null
            return (
              <div
                key={vr.key}
                role="row"
                aria-rowindex={vr.index + 2}
                className="sql-grid__row"
                style={{ width: totalWidth, height: ROW_HEIGHT, transform: `translateY(${vr.start}px)` }}
              >
                <div role="rowheader" className="sql-cell sql-cell--number" style={{ width: numberWidth }}>
                  {vr.index + 1}
                </div>
                <div style={{ width: gapBefore, flex: 'none' }} />
                {virtualColumns.map((vc) => {
                  const column = result.columns[vc.index]
                  return column ? (
                    <div key={vc.key} role="gridcell" aria-colindex={vc.index + 2} className="sql-cell" style={{ width: vc.size }}>
                      <Cell value={row[column.name]} />
                    </div>
                  ) : null
                })}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
