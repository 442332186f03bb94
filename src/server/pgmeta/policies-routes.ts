/**
 * GET, POST, PATCH and DELETE policies (spec 7). Each change runs in one transaction and answers the
 * policy as it now is (as it was, for a delete); bad input is a 400 that changes nothing. Changes need
 * SQL admin write on policies (spec 6).
 */
import type { FastifyInstance } from 'fastify'
import { MSG } from '../../shared/messages'
import { PoliciesQuery, PolicyCreateBody, PolicyIdQuery, PolicyUpdateBody, policyProblem } from '../../shared/policies'
import { createPolicySql, dropPolicySql, updatePolicyStatements } from '../../shared/policy-sql'
import type { Driver, Queryable } from '../db/driver'
import { badRequest, parse } from '../errors'
import type { Permissions } from '../permissions'
import { checkPolicyRoles, listPolicies, policyTableId, readPolicy, readPolicyNamed } from './policies'

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

  app.get('/policies', (req) => listPolicies(db, parse(PoliciesQuery, req.query)))

  app.post('/policies', write, async (req) => {
    const body = parse(PolicyCreateBody, req.body)
    return policyTransaction(db, async (tx) => {
      const tableId = await policyTableId(tx, body.schema, body.table)
      await checkPolicyRoles(tx, body.roles)
      await tx.query(createPolicySql(body))
      return readPolicyNamed(tx, tableId, body.name)
    })
  })

  app.patch('/policies', write, async (req) => {
    const { id } = parse(PolicyIdQuery, req.query)
    const { id: bodyId, ...change } = parse(PolicyUpdateBody, req.body)
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

  app.delete('/policies', write, async (req) => {
    const { id } = parse(PolicyIdQuery, req.query)
    return policyTransaction(db, async (tx) => {
      const policy = await readPolicy(tx, id)
      await tx.query(dropPolicySql(policy))
      return policy
    })
  })
}
