/** Finishes grid values fetched by selectList: cuts the long ones, parses json that was fetched as text. */
import type { Row, RowsResponse, TruncatedCell } from '../../shared/api'
import { MAX_CELL_CHARACTERS } from '../../shared/constants'
import type { RowSource } from './source'
import { isLongType } from './sql'

/** The first MAX_CELL_CHARACTERS characters (code points, as Postgres counts), or null when shorter. */
function cut(text: string): string | null {
  if (text.length <= MAX_CELL_CHARACTERS) return null
  const chars = Array.from(text)
  return chars.length > MAX_CELL_CHARACTERS ? chars.slice(0, MAX_CELL_CHARACTERS).join('') : null
}

export function finishCells(source: RowSource, rows: Row[]): RowsResponse {
  const long = source.columns.filter(isLongType)
  const truncated: TruncatedCell[] = []
  rows.forEach((row, index) => {
    for (const c of long) {
      const value = row[c.name]
      if (typeof value !== 'string') continue
      const short = cut(value)
      if (short !== null) {
        row[c.name] = short
        truncated.push({ row: index, column: c.name })
      } else if (c.type === 'json' || c.type === 'jsonb') {
        row[c.name] = JSON.parse(value)
      }
    }
  })
  return { rows, truncated }
}
