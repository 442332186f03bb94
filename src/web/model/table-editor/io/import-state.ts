/** The CSV import: whether the wizard is open, and how the running import goes (the command writes it). */
import { proxy } from 'valtio'

export type ImportPhase = 'idle' | 'importing' | 'done' | 'error'

export const importState = proxy({
  open: false,
  phase: 'idle' as ImportPhase,
  /** rows inserted so far (the final count once done) */
  rows: 0,
  /** rows expected, estimated from the file's size */
  total: 0,
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
  importState.total = 0
  importState.error = null
}

export function startImport(total: number): void {
  importState.phase = 'importing'
  importState.rows = 0
  importState.total = total
  importState.error = null
}

export function importProgress(rows: number): void {
  importState.rows = rows
  importState.total = Math.max(importState.total, rows)
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
