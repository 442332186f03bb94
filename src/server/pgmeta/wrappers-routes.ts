/**
 * Foreign data (Database → Wrappers, issue 15): GET the wrappers, servers, user mappings and postgres_fdw's
 * state; POST a postgres_fdw server (with a user mapping for the current user); POST an IMPORT FOREIGN SCHEMA;
 * DELETE a server (CASCADE optional). Each change in one transaction. Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaWrappers } from '../../shared/contract/pg-meta-wrappers'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { foreignData } from './wrappers'
import { createForeignServer, dropForeignServer, importForeignSchema, serverToChange } from './wrappers-write'

export function wrapperRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change foreign data wrappers')) }

  route(app, pgMetaWrappers.foreignData, () => foreignData(db))

  route(app, pgMetaWrappers.createForeignServer, write, async ({ body }) => {
    await db.transaction((tx) => createForeignServer(tx, body))
    return serverToChange(db, body.name)
  })

  route(app, pgMetaWrappers.importForeignSchema, write, async ({ body }) => ({
    tables: await db.transaction((tx) => importForeignSchema(tx, body)),
  }))

  route(app, pgMetaWrappers.deleteForeignServer, write, ({ query: { id, cascade } }) =>
    db.transaction(async (tx) => {
      const server = await serverToChange(tx, id)
      await dropForeignServer(tx, server, cascade ?? false)
      return server
    }),
  )
}
