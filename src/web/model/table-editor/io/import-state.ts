/** The CSV import: whether the wizard is open, and how the running import goes (the command writes it). */
import { proxy } from 'valtio'
import type { RowCount } from './row-estimate'

export type ImportPhase = 'idle' | 'importing' | 'done' | 'error'

export const importState = proxy({
  open: false,
  phase: 'idle' as ImportPhase,
  /** rows loaded so far, as the server reports them (the final count once done) */
  rows: 0,
  /** rows expected: counted, or estimated from the file's size (see countRows) */
  total: { rows: 0, exact: true } as RowCount,
  /** bytes of the file sent so far, of its size (a browser reports them as the upload goes) */
  sent: 0,
  size: 0,
  /** 'Row N: the database's message', once an import failed */
  error: null as string | null,
})

export function openImportWizard(): void {
  resetImport()
  importState.open = true
}

export function closeImportWizard(): void {
  importState.open = false
}

export function resetImport(): void {
  importState.phase = 'idle'
  importState.rows = 0
  importState.total = { rows: 0, exact: true }
  importState.sent = 0
  importState.size = 0
  importState.error = null
}

export function startImport(total: RowCount, size: number): void {
  resetImport()
  importState.phase = 'importing'
  importState.total = total
  importState.size = size
}

export function importProgress(rows: number): void {
  importState.rows = rows
  if (rows > importState.total.rows) importState.total = { rows, exact: false }
}

export function importSent(sent: number, size: number): void {
  importState.sent = sent
  importState.size = size
}

export function finishImport(rows: number): void {
  importState.phase = 'done'
  importState.rows = rows
}

export function failImport(error: string): void {
  importState.phase = 'error'
  importState.rows = 0
  importState.error = error
}
