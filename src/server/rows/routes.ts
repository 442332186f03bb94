/**
 * The table-rows endpoints (src/shared/contract/rows.ts): the grid's page of rows and its count; inserts,
 * updates, deletes and truncation; CSV/SQL export and CSV import. Every change needs SQL admin write on
 * columns (spec 6).
 */
import { PassThrough, Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Impersonation } from '../../shared/api'
import { rows } from '../../shared/contract/rows'
import { parseFilter, parseSort } from '../../shared/filters'
import { MSG } from '../../shared/messages'
import { transactionAs, type Driver } from '../db/driver'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { finishCells } from './cells'
import { countSource } from './count'
import { exportRows } from './export'
import { readCsvUpload } from './csv-upload'
import { importRecords, mapHeader } from './import'
import { loadSource, loadWritableSource } from './source'
import { selectRows } from './sql'
import { deleteByFilters, deleteByKeys, insertRows, truncate, updateRow } from './writes'

/** A query string value: absent, one or many. */
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v])

function strictly<T>(entries: string[], read: (entry: string) => T | null, shape: string): T[] {
  return entries.map((entry) => {
    const value = read(entry)
    if (value === null) throw badRequest(`"${entry}" is not ${shape}`)
    return value
  })
}

/** The download's name, with a plain-ASCII fallback for clients that do not read filename*. */
function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export function rowRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  route(app, rows.rows, ({ body }) =>
    db.withRole(body.impersonate, async (tx) => {
      const source = await loadSource(tx, body.tableId)
      const { sql, params } = selectRows(source, body)
      return finishCells(source, (await tx.query(sql, params)).rows)
    }),
  )

  route(app, rows.count, ({ body }) =>
    db.withRole(body.impersonate, async (tx) =>
      countSource(tx, await loadSource(tx, body.tableId), body.filters, {
        impersonating: body.impersonate !== undefined,
        exact: body.exact,
      }),
    ),
  )

  // what the role may write, so the row panel shows the rest read-only (the update is refused anyway)
  route(app, rows.writableColumns, ({ body }) =>
    db.withRole(body.impersonate, async (tx) => {
      const source = await loadSource(tx, body.tableId)
      const { rows: found } = await tx.query<{ name: string }>(
        `select a.attname as name from pg_attribute a
         where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
           and has_column_privilege(a.attrelid, a.attnum, 'UPDATE')
         order by a.attnum`,
        [source.id],
      )
      const updatable = new Set(source.columns.filter((c) => c.updatable).map((c) => c.name))
      return { columns: found.map((c) => c.name).filter((name) => updatable.has(name)) }
    }),
  )

  const write = { preHandler: permissions.require('sqlAdminWriteColumns', MSG.noPermission('edit rows')) }

  route(app, rows.insertRows, write, ({ body }) =>
    transactionAs(db, body.impersonate, async (tx) =>
      insertRows(tx, await loadWritableSource(tx, body.tableId), body.rows, body.impersonate?.role),
    ),
  )

  route(app, rows.updateRow, write, ({ body }) =>
    transactionAs(db, body.impersonate, async (tx) =>
      updateRow(tx, await loadWritableSource(tx, body.tableId), body.primaryKey, body.values, body.impersonate?.role),
    ),
  )

  route(app, rows.deleteRows, write, async ({ body }) => {
    const deleted = await transactionAs(db, body.impersonate, async (tx) => {
      const source = await loadWritableSource(tx, body.tableId)
      return body.mode === 'rows' ? deleteByKeys(tx, source, body.primaryKeys) : deleteByFilters(tx, source, body.filters)
    })
    return { deleted }
  })

  route(app, rows.truncate, write, async ({ body }) => {
    await truncate(db, await loadWritableSource(db, body.tableId), body.cascade)
    return { truncated: true as const }
  })

  route(app, rows.exportRows, async ({ query, reply }) => {
    const impersonate: Impersonation | undefined = query.role
      ? { role: query.role, claims: { role: query.role, ...(query.sub ? { sub: query.sub } : {}) } }
      : undefined
    const file = await exportRows(db, {
      tableId: query.tableId,
      filters: strictly(list(query.filter), parseFilter, 'a filter (column:operator:value)'),
      sorts: strictly(list(query.sort), parseSort, 'a sort (column:asc or column:desc)'),
      format: query.format,
      impersonate,
    })
    return reply.header('content-disposition', attachment(file.filename)).type(file.contentType).send(file.body)
  })

  // The CSV body streams through to the import as it arrives, never buffered whole.
  app.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload))
  route(app, rows.importRows, { preHandler: permissions.require('sqlAdminWriteColumns', MSG.noPermission('import data')) }, async ({ query, req, reply }) => {
    if (!(req.body instanceof Readable)) throw badRequest('Send the CSV file as the body, with content-type text/csv')
    const source = await loadWritableSource(db, query.tableId)
    const upload = await readCsvUpload(req.body)
    let targets
    try {
      targets = mapHeader(source, upload.header, query.mapping)
    } catch (e) {
      upload.chunks.drop()
      throw e
    }
    const events = new PassThrough()
    const line = (event: object) => `${JSON.stringify(event)}\n`
    void importRecords(db, source, targets, upload, (event) => events.write(line(event))).then((last) => {
      upload.chunks.drop()
      events.end(line(last))
    })
    return reply.type('application/x-ndjson').send(events)
  })
}
