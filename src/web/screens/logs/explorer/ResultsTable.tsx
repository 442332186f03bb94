/**
 * The rows of a logs query: virtualized (a result holds up to 10,000 rows), columns from the rows' keys,
 * values on one line with JSON compact; a JSON value's cell opens it whole, pretty-printed, beside the table.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { X } from 'lucide-react'
import type { Row } from '../../../../shared/api'
import { cellText } from '../../../../shared/result-text'
import { columnsOf } from '../../../model/logs/explorer/columns'
import { CopyButton, IconButton } from '../../../ui'

const ROW_HEIGHT = 30
const CHAR_WIDTH = 7.5
const MIN_WIDTH = 80
const MAX_WIDTH = 420
/** The DOM holds at most this much of a value. */
const SHOWN = 300

const isJson = (v: unknown) => v !== null && typeof v === 'object'

/** A column's width from its name and its first values. */
function widthOf(rows: readonly Row[], column: string): number {
  const longest = rows.slice(0, 50).reduce((n, r) => Math.max(n, cellText(r[column]).length), column.length + 2)
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(longest * CHAR_WIDTH) + 24))
}

interface Opened {
  row: number
  column: string
}

export function ResultsTable({ rows }: { rows: readonly Row[] }) {
  const columns = useMemo(() => columnsOf(rows), [rows])
  const template = useMemo(() => columns.map((c) => `${widthOf(rows, c)}px`).join(' '), [rows, columns])
  const scroller = useRef<HTMLDivElement>(null)
  const [opened, setOpened] = useState<Opened | null>(null)
  // a new result closes the value of the last one
  useEffect(() => setOpened(null), [rows])
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 })
  const openedValue = opened ? rows[opened.row]?.[opened.column] : undefined
  return (
    <div className="logs-table">
      <div ref={scroller} className="logs-table__scroll" role="table" aria-label="Query results" aria-rowcount={rows.length + 1}>
        <div className="logs-table__row logs-table__head" role="row" style={{ gridTemplateColumns: template }}>
          {columns.map((c) => (
            <div key={c} role="columnheader" className="logs-table__cell" title={c}>
              {c}
            </div>
          ))}
        </div>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index]!
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                className="logs-table__row logs-table__row--body"
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
              >
                {columns.map((c) => {
                  const value = row[c]
                  const text = cellText(value).slice(0, SHOWN)
                  return (
                    <div key={c} role="cell" className={value === null || value === undefined ? 'logs-table__cell logs-table__cell--null' : 'logs-table__cell'}>
                      {isJson(value) ? (
                        <button type="button" className="logs-table__json" title="Show the whole value" onClick={() => setOpened({ row: item.index, column: c })}>
                          {text}
                        </button>
                      ) : value === null || value === undefined ? (
                        'NULL'
                      ) : (
                        text
                      )}
                    </div>
                  )
                })}
              </div>
            )
          })}
        </div>
      </div>
      {opened && openedValue !== undefined && (
        <aside className="logs-table__viewer" aria-label="Value">
          <header className="logs-table__viewer-head">
            <span className="logs-table__viewer-title">
              {opened.column} · row {opened.row + 1}
            </span>
            <CopyButton text={JSON.stringify(openedValue, null, 2)} size="sm" variant="ghost" />
            <IconButton label="Close" icon={<X size={14} />} size="sm" onClick={() => setOpened(null)} />
          </header>
          <pre className="logs-table__value">{JSON.stringify(openedValue, null, 2)}</pre>
        </aside>
      )}
    </div>
  )
}
