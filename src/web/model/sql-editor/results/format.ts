/** A statement's rows as text: CSV (RFC 4180), JSON and a Markdown table, for copying and download. */
import type { StatementResult } from '../../../../shared/content'

type Result = Pick<StatementResult, 'columns' | 'rows'>

/** One value as a cell shows it: JSON for objects and arrays, the text of anything else. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

/** NULL is an empty field. */
export function toCsv({ columns, rows }: Result): string {
  const lines = [columns.map((c) => csvField(c.name)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => csvField(cellText(row[c.name]))).join(','))
  return `${lines.join('\r\n')}\r\n`
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

export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`
}
