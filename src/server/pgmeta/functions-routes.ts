/**
 * GET/POST/PATCH/DELETE /platform/pg-meta/{ref}/functions (issue 15): each change in one transaction,
 * answered with the function as it now is (as it was, for a delete). Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaFunctions } from '../../shared/contract/pg-meta-functions'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { findFunction, listFunctions } from './functions'
import { createFunction, dropFunction, updateFunction } from './functions-write'

export function functionRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change functions')) }

  route(app, pgMetaFunctions.functions, async ({ query }) => (query.id === undefined ? listFunctions(db, query) : findFunction(db, query.id)))

  route(app, pgMetaFunctions.createFunction, write, async ({ body }) =>
    findFunction(db, await db.transaction((tx) => createFunction(tx, body))),
  )

  route(app, pgMetaFunctions.updateFunction, write, async ({ query: { id }, body }) =>
    findFunction(db, await db.transaction(async (tx) => updateFunction(tx, await findFunction(tx, id), body))),
  )

  route(app, pgMetaFunctions.deleteFunction, write, ({ query: { id, cascade } }) =>
    db.transaction(async (tx) => {
      const fn = await findFunction(tx, id)
      await dropFunction(tx, fn, cascade)
      return fn
    }),
  )
}
