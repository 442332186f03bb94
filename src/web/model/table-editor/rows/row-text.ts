/** Rows and cells as text for the clipboard: tab-separated with a header, so they paste into a spreadsheet. */
import Papa from 'papaparse'
import type { Row } from '../../../../shared/api'
import { cellText } from './cell-text'

export { cellText }

/** The rows as TSV under a header of the column names; values with tabs, quotes or new lines are quoted. */
export function rowsAsTsv(columns: readonly string[], rows: readonly Row[]): string {
  const data = rows.map((row) => columns.map((c) => cellText(row[c])))
  return Papa.unparse({ fields: [...columns], data }, { delimiter: '\t', newline: '\n' })
}
