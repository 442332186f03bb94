/** A statement's rows as text: CSV (RFC 4180), JSON and a Markdown table, for copying and download. */
import type { StatementResult } from '../../../../shared/content'
import { cellText, csvLine } from '../../../../shared/result-text'

type Result = Pick<StatementResult, 'columns' | 'rows'>

/** NULL is an empty field. */
export function toCsv({ columns, rows }: Result): string {
  return [columns.map((c) => c.name), ...rows.map((row) => columns.map((c) => row[c.name]))].map(csvLine).join('')
}

export function toJson({ rows }: Result): string {
  return JSON.stringify(rows, null, 2)
}

function markdownCell(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  return cellText(value).replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r?\n/g, '<br>')
}

export function toMarkdown({ columns, rows }: Result): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`
  return [
    line(columns.map((c) => markdownCell(c.name))),
    line(columns.map(() => '---')),
    ...rows.map((row) => line(columns.map((c) => markdownCell(row[c.name])))),
  ].join('\n')
}

export const COPY_FORMATS = ['csv', 'json', 'markdown'] as const
export type CopyFormat = (typeof COPY_FORMATS)[number]

export const formatResult: Record<CopyFormat, (r: Result) => string> = { csv: toCsv, json: toJson, markdown: toMarkdown }

/** A whole number with commas, as en-US writes it (Intl's first use costs the page tens of ms). */
function withCommas(n: number): string {
  return Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+$)/g, ',') : n.toLocaleString('en-US')
}

export function plural(n: number, word: string): string {
  return `${withCommas(n)} ${word}${n === 1 ? '' : 's'}`
}
