/**
 * GET/POST/PATCH/DELETE /platform/pg-meta/{ref}/triggers (issue 15): each change in one transaction,
 * answered with the trigger as it now is (as it was, for a delete). Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaTriggers } from '../../shared/contract/pg-meta-triggers'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { findTrigger, listTriggers } from './triggers'
import { createTrigger, dropTrigger, updateTrigger } from './triggers-write'

export function triggerRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change triggers')) }

  route(app, pgMetaTriggers.triggers, async ({ query }) => (query.id === undefined ? listTriggers(db, query) : findTrigger(db, query.id)))

  route(app, pgMetaTriggers.createTrigger, write, async ({ body }) =>
    findTrigger(db, await db.transaction((tx) => createTrigger(tx, body))),
  )

  route(app, pgMetaTriggers.updateTrigger, write, async ({ query: { id }, body }) => {
    await db.transaction(async (tx) => updateTrigger(tx, await findTrigger(tx, id), body))
    return findTrigger(db, id)
  })

  route(app, pgMetaTriggers.deleteTrigger, write, ({ query: { id, cascade } }) =>
    db.transaction(async (tx) => {
      const trigger = await findTrigger(tx, id)
      await dropTrigger(tx, trigger, cascade)
      return trigger
    }),
  )
}
