/**
 * POST/PATCH/DELETE columns and tables, and POST tables/duplicate (src/shared/contract/structure.ts). Each
 * change is one transaction; the answer is the column or table as it now is (as it was, for a delete).
 * Columns need SQL admin write on columns; tables need tenant SQL admin write, and the RLS toggle write on
 * tables (spec 6).
 */
import type { FastifyInstance } from 'fastify'
import { structure } from '../../shared/contract/structure'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { addColumn, dropColumn, findColumnAt, updateColumn } from './columns-write'
import { findTableToChange } from './relation'
import { createTable, dropTable, duplicateTable, readTable, updateTable } from './tables-write'

/** '<table id>.<ordinal position>' */
function columnId(id: string): { tableId: number; position: number } {
  const [tableId, position] = id.split('.').map(Number)
  return { tableId: tableId ?? 0, position: position ?? 0 }
}

export function structureRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const columns = { preHandler: permissions.require('sqlAdminWriteColumns', MSG.noPermission('change columns')) }

  route(app, structure.createColumn, columns, ({ body: { tableId, ...spec } }) =>
    db.transaction(async (tx) => {
      const table = await findTableToChange(tx, tableId)
      return findColumnAt(tx, table, await addColumn(tx, table, spec))
    }),
  )

  route(app, structure.updateColumn, columns, ({ query, body: patch }) => {
    const { tableId, position } = columnId(query.id)
    return db.transaction(async (tx) => {
      const table = await findTableToChange(tx, tableId)
      await updateColumn(tx, table, await findColumnAt(tx, table, position), patch)
      return findColumnAt(tx, table, position)
    })
  })

  route(app, structure.deleteColumn, columns, ({ query }) => {
    const { tableId, position } = columnId(query.id)
    return db.transaction(async (tx) => {
      const table = await findTableToChange(tx, tableId)
      const column = await findColumnAt(tx, table, position)
      await dropColumn(tx, table, column, query.cascade ?? false)
      return column
    })
  })

  const tables = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change tables')) }

  route(app, structure.createTable, { preHandler: permissions.require('tenantSqlAdminWrite', MSG.createTablesPermission) }, async ({ body }) =>
    readTable(db, await db.transaction((tx) => createTable(tx, body))),
  )

  route(app, structure.updateTable, async ({ query: { id }, body, req }) => {
    if (body.id !== undefined && body.id !== id) throw badRequest('The body names another table than the query')
    if (body.name !== undefined || body.comment !== undefined) permissions.check(req, 'tenantSqlAdminWrite', MSG.noPermission('change tables'))
    if (body.rls_enabled !== undefined) permissions.check(req, 'writeTables', MSG.toggleRlsPermission)
    await db.transaction(async (tx) => updateTable(tx, await findTableToChange(tx, id), body))
    return readTable(db, id)
  })

  route(app, structure.deleteTable, tables, async ({ query }) => {
    const before = await readTable(db, query.id)
    await db.transaction(async (tx) => dropTable(tx, await findTableToChange(tx, query.id), query.cascade ?? false))
    return before
  })

  route(app, structure.duplicateTable, tables, async ({ body }) =>
    readTable(db, await db.transaction(async (tx) => duplicateTable(tx, await findTableToChange(tx, body.id), body))),
  )
}
