/**
 * Database webhooks: GET lists them (and whether pg_net is installed); POST creates the trigger, DELETE
 * drops it, each in one transaction, refused with a 400 where pg_net (or supabase_functions.http_request)
 * is missing. Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaHooks } from '../../shared/contract/pg-meta-hooks'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { createHookSql, dropHookSql, findHook, listHooks, pgNetInstalled, requireWebhooks } from './hooks'

export function hookRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change webhooks')) }

  route(app, pgMetaHooks.hooks, async () => ({ available: await pgNetInstalled(db), hooks: await listHooks(db) }))

  route(app, pgMetaHooks.createHook, write, async ({ body }) => {
    const id = await db.transaction(async (tx) => {
      await requireWebhooks(tx)
      await tx.query(createHookSql(body))
      const { rows } = await tx.query<{ id: number | string }>(
        `select t.oid::int8 as id from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
         where t.tgname = $1 and c.relname = $2 and n.nspname = $3`,
        [body.name, body.table, body.schema],
      )
      return Number(rows[0]!.id)
    })
    return findHook(db, id)
  })

  route(app, pgMetaHooks.deleteHook, write, ({ query: { id } }) =>
    db.transaction(async (tx) => {
      await requireWebhooks(tx)
      const hook = await findHook(tx, id)
      await tx.query(dropHookSql(hook))
      return hook
    }),
  )
}
