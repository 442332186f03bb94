/**
 * POST table-rows/import: a CSV file parsed as it streams in (papaparse), its rows inserted
 * ROW_FETCH_BATCH at a time inside ONE transaction, with an NDJSON event after each batch. A batch
 * travels as one JSON array of records (arrays of cells), each value text cast to its column's type as COPY
 * reads text; an empty cell is NULL. A batch the database refuses is retried row by row from a savepoint
 * to name the bad row; then everything is rolled back.
 */
import { finished, type Readable } from 'node:stream'
import Papa from 'papaparse'
import type { ImportEvent } from '../../shared/api-edit'
import { ROW_FETCH_BATCH } from '../../shared/constants'
import type { Driver, Queryable } from '../db/driver'
import { badRequest } from '../errors'
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import type { RowSource } from './source'
import { findColumn } from './sql'

type CsvRecord = string[]
type Cell = string | null

export interface CsvRecords {
  /** The next record; the header comes first. */
  next(): Promise<IteratorResult<CsvRecord>>
  /** Stops parsing; what is left of the upload is read and dropped, so the connection stays usable. */
  drop(): void
}

/** The CSV's records (arrays of cells) as they arrive; an aborted upload ends them with its error. */
export function csvRecords(csv: Readable): CsvRecords {
  // Decoding before papaparse keeps a character split across two chunks whole.
  csv.setEncoding('utf8')
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: true })
  finished(csv, (error) => error && parser.destroy(error))
  csv.pipe(parser)
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<CsvRecord>
  return {
    next: () => records.next(),
    drop() {
      csv.unpipe(parser)
      parser.destroy()
      csv.resume()
    },
  }
}

/** Where a mapped CSV column sits in a record, and the table column it fills. */
export interface Target {
  index: number
  column: string
  sqlType: string
}

/** Reads the header and matches it to the mapping {csv header: column}; 400 for what cannot work. */
export async function mapHeader(source: RowSource, records: CsvRecords, mapping: { [header: string]: string }): Promise<Target[]> {
  const header = await records.next()
  if (header.done) throw badRequest('The CSV file is empty')
  const headers = header.value.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h))
  const targets: Target[] = []
  for (const [from, to] of Object.entries(mapping)) {
    const index = headers.indexOf(from)
    if (index < 0) throw badRequest(`The CSV file has no column "${from}"`)
    const column = findColumn(source, to)
    if (targets.some((t) => t.column === column.name)) throw badRequest(`Two CSV columns are mapped to the column "${to}"`)
    targets.push({ index, column: column.name, sqlType: column.sqlType })
  }
  if (targets.length === 0) throw badRequest('Map at least one CSV column to a column of the table')
  return targets
}

class BadRow extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message)
  }
}

/** `insert … select (e->>0)::type, … from jsonb_array_elements($1) e`: one statement for any batch. */
function insertStatement(source: RowSource, targets: readonly Target[]): string {
  const columns = targets.map((t) => quoteIdent(t.column)).join(', ')
  const values = targets.map((t, i) => `(e->>${i})::${t.sqlType}`).join(', ')
  return `insert into ${quoteQualified(source.schema, source.name)} (${columns})
    select ${values} from jsonb_array_elements($1::jsonb) e`
}

/**
 * Inserts a batch after a fresh savepoint (the previous one released in the same round trip). When the
 * database refuses it, the batch is retried row by row from that savepoint, earlier batches still in
 * place, to find the row to blame.
 */
async function insertBatch(tx: Queryable, statement: string, rows: readonly Cell[][], firstRow: number): Promise<void> {
  await tx.exec(firstRow === 1 ? 'savepoint import_batch' : 'release savepoint import_batch; savepoint import_batch')
  try {
    await tx.query(statement, [JSON.stringify(rows)])
  } catch (batchError) {
    await tx.query('rollback to savepoint import_batch')
    for (const [i, row] of rows.entries()) {
      try {
        await tx.query(statement, [JSON.stringify([row])])
      } catch (rowError) {
        throw new BadRow(firstRow + i, (rowError as Error).message)
      }
    }
    throw new BadRow(firstRow, (batchError as Error).message)
  }
}

/**
 * Inserts the records after the header, reporting progress; resolves with the last event: done, or the
 * error (row 0 when no one row is to blame, as a failure at commit). Never rejects.
 */
export async function importRecords(
  db: Driver,
  source: RowSource,
  targets: readonly Target[],
  records: CsvRecords,
  progress: (event: ImportEvent) => void,
): Promise<ImportEvent> {
  const statement = insertStatement(source, targets)
  let rows = 0
  try {
    await db.transaction(async (tx) => {
      let batch: Cell[][] = []
      const flush = async () => {
        await insertBatch(tx, statement, batch, rows - batch.length + 1)
        batch = []
        progress({ type: 'progress', rows })
      }
      for (;;) {
        const next = await records.next()
        if (next.done) break
        rows++
        const record = next.value
        batch.push(targets.map((t) => record[t.index] || null))
        if (batch.length === ROW_FETCH_BATCH) await flush()
      }
      if (batch.length) await flush()
    })
    return { type: 'done', rows }
  } catch (e) {
    return { type: 'error', row: e instanceof BadRow ? e.row : 0, message: (e as Error).message }
  }
}
