/**
 * POST/PATCH/DELETE roles (spec 3 Role, spec 6): each change in one transaction, answered with the role as
 * it now is (as it was, for a delete). Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMeta } from '../../shared/contract/pg-meta'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { findRole, listRoles } from './roles'
import { createRole, dropRole, findRoleToChange, updateRole } from './roles-write'

export function roleRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change roles')) }

  const read = (id: number) => findRole(db, id)

  route(app, pgMeta.roles, () => listRoles(db))

  route(app, pgMeta.createRole, write, async ({ body }) => read(await db.transaction((tx) => createRole(tx, body))))

  route(app, pgMeta.updateRole, write, async ({ query: { id }, body }) => {
    await db.transaction(async (tx) => updateRole(tx, await findRoleToChange(tx, id), body))
    return read(id)
  })

  route(app, pgMeta.deleteRole, write, ({ query: { id } }) =>
    db.transaction(async (tx) => {
      const role = await findRoleToChange(tx, id)
      await dropRole(tx, role)
      return role
    }),
  )
}
