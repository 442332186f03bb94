/**
 * GET, POST, PATCH and DELETE policies, and POST policies/batch (spec 7; src/shared/contract/policies.ts).
 * Each change runs in one transaction and answers the policy as it now is (as it was, for a delete); a
 * batch runs all its changes in one, so a refusal keeps none. Bad input is a 400 that changes nothing.
 * Changes need SQL admin write on policies (spec 6).
 */
import type { FastifyInstance } from 'fastify'
import { policies } from '../../shared/contract/policies'
import { MSG } from '../../shared/messages'
import { policyProblem } from '../../shared/policies'
import { updatePolicyStatements } from '../../shared/policy-sql'
import type { Driver, Queryable } from '../db/driver'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { checkPolicyRoles, createPolicy, dropPolicy, listPolicies, readPolicy, readPolicyNamed } from './policies'

/**
 * fn in one transaction whose string literals read as the policy SQL was checked for: backslashes in
 * '…' are plain characters whatever the database's setting.
 */
function policyTransaction<T>(db: Driver, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set local standard_conforming_strings = on')
    return fn(tx)
  })
}

export function policyRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('sqlAdminWritePolicies', MSG.editPoliciesPermission) }

  route(app, policies.policies, ({ query }) => (query.id === undefined ? listPolicies(db, query) : readPolicy(db, query.id)))

  route(app, policies.createPolicy, write, ({ body }) => policyTransaction(db, (tx) => createPolicy(tx, body)))

  route(app, policies.updatePolicy, write, async ({ query: { id }, body }) => {
    const { id: bodyId, ...change } = body
    if (bodyId !== undefined && bodyId !== id) throw badRequest('The body names another policy than the query')
    return policyTransaction(db, async (tx) => {
      const current = await readPolicy(tx, id)
      const problem = policyProblem({
        name: change.name ?? current.name,
        command: current.command,
        definition: change.definition !== undefined ? change.definition : current.definition,
        check: change.check !== undefined ? change.check : current.check,
      })
      if (problem) throw badRequest(problem)
      if (change.roles) await checkPolicyRoles(tx, change.roles)
      for (const statement of updatePolicyStatements(current, change)) await tx.query(statement)
      return readPolicyNamed(tx, current.table_id, change.name ?? current.name)
    })
  })

  route(app, policies.deletePolicy, write, ({ query }) => policyTransaction(db, (tx) => dropPolicy(tx, query.id)))

  route(app, policies.policyBatch, write, ({ body }) =>
    policyTransaction(db, async (tx) => {
      const deleted = []
      for (const id of body.delete) deleted.push(await dropPolicy(tx, id))
      const created = []
      for (const create of body.create) created.push(await createPolicy(tx, create))
      return { created, deleted }
    }),
  )
}
