/**
 * POST/PATCH/DELETE roles (spec 3 Role, spec 6): each change in one transaction, answered with the role as
 * it now is (as it was, for a delete). Writes need tenant SQL admin write.
 */
import type { FastifyInstance } from 'fastify'
import { MSG } from '../../shared/messages'
import { RoleCreateBody, RoleIdQuery, RoleUpdateBody } from '../../shared/roles'
import type { Driver } from '../db/driver'
import { parse } from '../errors'
import type { Permissions } from '../permissions'
import { findRole, listRoles } from './roles'
import { createRole, dropRole, findRoleToChange, updateRole } from './roles-write'

export function roleRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change roles')) }

  const read = (id: number) => findRole(db, id)

  app.get('/roles', () => listRoles(db))

  app.post('/roles', write, async (req) => {
    const body = parse(RoleCreateBody, req.body)
    return read(await db.transaction((tx) => createRole(tx, body)))
  })

  app.patch('/roles', write, async (req) => {
    const { id } = parse(RoleIdQuery, req.query)
    const body = parse(RoleUpdateBody, req.body)
    await db.transaction(async (tx) => updateRole(tx, await findRoleToChange(tx, id), body))
    return read(id)
  })

  app.delete('/roles', write, async (req) => {
    const { id } = parse(RoleIdQuery, req.query)
    return db.transaction(async (tx) => {
      const role = await findRoleToChange(tx, id)
      await dropRole(tx, role)
      return role
    })
  })
}
