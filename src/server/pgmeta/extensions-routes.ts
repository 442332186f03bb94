/**
 * The Extensions page's API (issue 15): GET the available extensions with the installed version and schema,
 * POST to enable one (into a schema, created if missing), PATCH ?id=name to update it or move it to another
 * schema, DELETE ?id=name (CASCADE optional) to disable it. Each change in one transaction, answered with the
 * extension as it now is (as it was, for a delete). Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaExtensions } from '../../shared/contract/pg-meta-extensions'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { availableExtension, createExtension, dropExtension, updateExtension } from './extensions-write'

export function extensionRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change extensions')) }

  // GET /extensions (pgMeta.extensions, listExtensions) is registered in routes.ts
  route(app, pgMetaExtensions.createExtension, write, async ({ body }) => {
    await db.transaction((tx) => createExtension(tx, body))
    return availableExtension(db, body.name)
  })

  route(app, pgMetaExtensions.updateExtension, write, async ({ query: { id }, body }) => {
    await db.transaction((tx) => updateExtension(tx, id, body))
    return availableExtension(db, id)
  })

  route(app, pgMetaExtensions.deleteExtension, write, ({ query: { id, cascade } }) =>
    db.transaction((tx) => dropExtension(tx, id, cascade ?? false)),
  )
}
