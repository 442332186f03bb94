/**
 * GET/POST/PATCH/DELETE /platform/pg-meta/{ref}/types (issue 15, the Enumerated Types page). Writes need
 * tenant SQL admin write; a change answers the type as it now is, a drop as it was.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaTypes } from '../../shared/contract/pg-meta-types'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { withDetail } from './indexes'
import { createEnum, dropEnum, findEnumToChange, findType, listTypes, updateEnum } from './types'

export function typeRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change types')) }

  route(app, pgMetaTypes.types, ({ query }) => (query.id === undefined ? listTypes(db, query) : findType(db, query.id)))
  route(app, pgMetaTypes.createType, write, async ({ body }) => findType(db, await db.transaction((tx) => createEnum(tx, body))))
  route(app, pgMetaTypes.updateType, write, async ({ query: { id }, body }) => {
    await updateEnum(db, await findEnumToChange(db, id), body)
    return findType(db, id)
  })
  route(app, pgMetaTypes.deleteType, write, ({ query: { id, cascade } }) =>
    withDetail(() =>
      db.transaction(async (tx) => {
        const current = await findEnumToChange(tx, id)
        await dropEnum(tx, current, cascade)
        return current
      }),
    ),
  )
}
