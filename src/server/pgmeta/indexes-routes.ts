/**
 * GET/POST/DELETE /platform/pg-meta/{ref}/indexes and GET …/indexes/hints (issue 15, the Indexes page).
 * Writes need tenant SQL admin write; a create answers the new index, a drop the index as it was.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaIndexes } from '../../shared/contract/pg-meta-indexes'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { createIndex, dropIndex, findIndex, findIndexToChange, indexHints, listIndexes } from './indexes'

export function indexRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change indexes')) }

  route(app, pgMetaIndexes.indexes, ({ query }) => (query.id === undefined ? listIndexes(db, query) : findIndex(db, query.id)))
  route(app, pgMetaIndexes.indexHints, ({ query }) => indexHints(db, query.schema))
  route(app, pgMetaIndexes.createIndex, write, async ({ body }) => findIndex(db, await createIndex(db, body)))
  route(app, pgMetaIndexes.deleteIndex, write, async ({ query: { id, concurrently } }) => {
    const index = await findIndexToChange(db, id)
    await dropIndex(db, index, concurrently)
    return index
  })
}
