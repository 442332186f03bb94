/**
 * The open table's rows in and out: refresh them, and CSV import and export (issue 3, 'Import and export').
 * Import streams the file to the server, which loads it with COPY in one transaction and reports progress;
 * a bad row commits nothing. Export streams the filtered and sorted rows into the browser with a progress
 * toast, then saves them. The bodies are in grid-io.run.ts (with the CSV parser), loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import { AREA, canEditColumns, canRead, onTable } from './grid-args'

const load = () => import('./grid-io.run')

export const refreshGrid = defineCommand({
  id: 'grid.refresh',
  title: 'Refresh rows',
  area: AREA,
  keywords: ['reload'],
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'refreshGrid'),
})

// ---- import ----

export const openImport = defineCommand({
  id: 'grid.import.panel.open',
  title: 'Import data from CSV',
  area: AREA,
  keywords: ['upload', 'csv', 'spreadsheet', 'load'],
  when: onTable,
  enabled: canEditColumns,
  run: lazyRun(load, 'openImport'),
})

export const NewTable = z.object({
  name: z.string().trim().min(1, 'Please provide a name for your table').max(63, 'Postgres names are at most 63 characters'),
  /** defaults to the open table's schema */
  schema: z.string().min(1).optional(),
  /** column name → type, overriding the type inferred from the preview */
  types: z.record(z.string(), z.string().min(1)).optional(),
})

export const ImportCsvArgs = z.object({
  /** the CSV: text, or a file (the wizard passes the File, which is streamed, never read whole) */
  csv: z.union([z.string().trim().min(1, 'The CSV is empty'), z.instanceof(Blob)]),
  /** CSV header → column; headers left out are skipped. Default: headers matched to columns by name */
  mapping: z.record(z.string(), z.string()).optional(),
  /** create this table from the CSV and import into it, instead of into the open table */
  createTable: NewTable.optional(),
})

export const importCsv = defineCommand({
  id: 'grid.import.csv',
  title: 'Import CSV text',
  area: AREA,
  keywords: ['upload', 'paste', 'csv', 'load'],
  args: ImportCsvArgs,
  argLabels: { csv: 'CSV text, with a header row', mapping: 'Mapping (skip to match headers by name)', createTable: 'New table (skip to import into this one)' },
  when: onTable,
  enabled: canEditColumns,
  run: lazyRun(load, 'importCsv'),
})

// ---- export ----

export const exportCsv = defineCommand({
  id: 'grid.export.csv',
  title: 'Export rows as CSV',
  area: AREA,
  keywords: ['download', 'csv', 'save'],
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'exportCsv'),
})

export const exportSql = defineCommand({
  id: 'grid.export.sql',
  title: 'Export rows as SQL inserts',
  area: AREA,
  keywords: ['download', 'sql', 'insert', 'dump', 'save'],
  when: onTable,
  enabled: canRead,
  run: lazyRun(load, 'exportSql'),
})
