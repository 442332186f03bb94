/**
 * POST table-rows/import: a CSV file loaded with COPY … (format csv) as it streams in, inside ONE
 * transaction: the records after the header are cut (csv-cut.ts) and streamed in parts, each part one
 * COPY, with an NDJSON progress event after each. An empty cell is NULL (quoted or not), every other value
 * is read by its column's type as COPY reads text. A refused row stops the import with its row number (the
 * first record after the header is row 1) and the database's message; then everything is rolled back.
 */
import type { ImportEvent } from '../../shared/api-edit'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { CopyQueryable, Driver } from '../db/driver'
import { badRequest } from '../errors'
import { RecordCutter, recordAtLine, type Cut } from './csv-cut'
import { ReadAhead, type CsvUpload } from './csv-upload'
import type { RowSource } from './source'
import { findColumn } from './sql'

/**
 * Bytes per COPY: the first part small, so the first progress comes soon, then twice as big each time up
 * to PART_BYTES. The upload is read and cut up to PART_BYTES ahead of the COPY that takes them.
 */
const FIRST_PART_BYTES = 64 * 1024
const PART_BYTES = 4 * 1024 * 1024
/** A part also ends after this long, so a COPY waiting on a slow upload stays far from statement_timeout. */
const PART_MS = 10_000

/** Where a mapped CSV column sits in a record, and the table column it fills. */
export interface Target {
  index: number
  column: string
}

/**
 * Matches the header to the mapping {csv header: column}, in the file's order; 400 for what cannot work
 * (a column generated, or an identity generated always, takes no value).
 */
export function mapHeader(source: RowSource, header: readonly string[], mapping: { [header: string]: string }): Target[] {
  const targets: Target[] = []
  for (const [from, to] of Object.entries(mapping)) {
    const index = header.indexOf(from)
    if (index < 0) throw badRequest(`The CSV file has no column "${from}"`)
    const column = findColumn(source, to)
    if (targets.some((t) => t.column === column.name)) throw badRequest(`Two CSV columns are mapped to the column "${to}"`)
    // as INSERT refuses them (COPY would take an identity column's values, leaving its sequence behind)
    if (column.generated || column.identity === 'a') throw badRequest(`cannot insert a non-DEFAULT value into column "${column.name}"`)
    targets.push({ index, column: column.name })
  }
  if (targets.length === 0) throw badRequest('Map at least one CSV column to a column of the table')
  return targets.sort((a, b) => a.index - b.index)
}

class BadRow extends Error {
  constructor(
    readonly row: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The next part of the records: `first`, then more until the part holds `size` bytes, has taken PART_MS,
 * or the file ends, streamed to COPY as they come. `cuts` collects them (to find a bad row).
 */
async function* part(ahead: ReadAhead, first: Cut, size: number, cuts: Cut[]): AsyncGenerator<Uint8Array> {
  const until = performance.now() + PART_MS
  let bytes = 0
  for (let cut: Cut | null = first; cut; cut = bytes < size && performance.now() < until ? await ahead.next() : null) {
    cuts.push(cut)
    bytes += cut.bytes
    yield* cut.chunks
  }
}

/** The line COPY names in its error's context (`COPY t, line 3, column n: "x"`), if any. */
function copyLine(error: unknown): number | undefined {
  const where = (error as { where?: unknown }).where
  const line = typeof where === 'string' ? /^COPY .*, line (\d+)/m.exec(where)?.[1] : undefined
  return line ? Number(line) : undefined
}

/**
 * COPY loads neither a view nor a table whose row security applies to this session: their rows go
 * through a temporary table, then one INSERT (whose errors name no row). The relation COPY loads.
 */
async function copyTarget(tx: CopyQueryable, source: RowSource, columns: string): Promise<{ into: string; finish?: () => Promise<unknown> }> {
  const table = quoteQualified(source.schema, source.name)
  const rls = await tx.query<{ active: boolean }>('select row_security_active($1::oid::regclass) as active', [source.id])
  if (source.kind !== 'v' && !rls.rows[0]?.active) return { into: `${table} (${columns})` }
  await tx.exec(`create temporary table studio_import on commit drop as select ${columns} from ${table} with no data`)
  return {
    into: `studio_import (${columns})`,
    finish: () => tx.exec(`insert into ${table} (${columns}) select ${columns} from studio_import`),
  }
}

/**
 * Loads the records after the header, reporting progress; resolves with the last event: done, or the
 * error (row 0 when no one row is to blame, as a failure at commit). Never rejects.
 */
export async function importRecords(
  db: Driver,
  source: RowSource,
  targets: readonly Target[],
  upload: CsvUpload,
  progress: (event: ImportEvent) => void,
): Promise<ImportEvent> {
  const cutter = new RecordCutter({
    delimiter: upload.delimiter,
    lineBreak: upload.lineBreak,
    columns: upload.header.length,
    keep: targets.map((t) => t.index),
  })
  const columns = targets.map((t) => quoteIdent(t.column)).join(', ')
  const options = `format csv, delimiter ${quoteLiteral(upload.delimiter)}, encoding 'UTF8', force_null (${columns})`
  let rows = 0
  try {
    await db.copyTransaction(async (tx) => {
      const target = await copyTarget(tx, source, columns)
      // read from here: the database is not kept waiting while the upload is read ahead
      const ahead = new ReadAhead(upload, cutter, PART_BYTES)
      try {
        let size = FIRST_PART_BYTES
        for (let first = await ahead.next(); first; first = await ahead.next()) {
          const cuts: Cut[] = []
          await tx.copyFrom(target.into, options, part(ahead, first, size, cuts)).catch((e: Error) => {
            const line = copyLine(e)
            throw line === undefined ? e : new BadRow(rows + recordAtLine(cuts.flatMap((c) => c.chunks), line), e.message)
          })
          rows += cuts.reduce((n, c) => n + c.records, 0)
          progress({ type: 'progress', rows })
          size = Math.min(size * 2, PART_BYTES)
        }
      } finally {
        ahead.stop()
      }
      await target.finish?.()
    })
    return { type: 'done', rows }
  } catch (e) {
    return { type: 'error', row: e instanceof BadRow ? e.row : 0, message: (e as Error).message }
  }
}
