/**
 * Row-level-security policies under /platform/pg-meta/{ref}/policies (spec 7): the list (or one policy by
 * id), single changes, and a batch that creates and drops several in one transaction, all or none.
 */
import { z } from 'zod'
import { PoliciesQuery, PolicyCreateBody, PolicyIdQuery, PolicyUpdateBody, type Policy } from '../policies'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

const POLICIES = `${PG_META}/policies` as const

/** The list's schema filter, or `id`: that one policy (404 'Policy <id> not found' when there is none). */
export const PolicyListQuery = PoliciesQuery.extend({ id: z.coerce.number().int().positive().optional() })

/**
 * POST policies/batch: drops the policies `delete` names, then creates those of `create`, in one
 * transaction; the first refusal (with the words a single call would answer) rolls back everything.
 */
export const PolicyBatchBody = z
  .object({
    create: z.array(PolicyCreateBody).default([]),
    delete: z.array(z.number().int().positive()).default([]),
  })
  .refine((b) => b.create.length + b.delete.length > 0, 'Nothing to do: create or delete at least one policy')
export type PolicyBatchBody = z.input<typeof PolicyBatchBody>
/** the policies made, in the order asked; those dropped, as they were */
export interface PolicyBatchResponse { created: Policy[]; deleted: Policy[] }

export const policies = {
  policies: endpoint({ method: 'GET', path: POLICIES, query: PolicyListQuery, response: type<Policy[]>(), byId: type<Policy>() }),
  createPolicy: endpoint({ method: 'POST', path: POLICIES, body: PolicyCreateBody, response: type<Policy>() }),
  updatePolicy: endpoint({ method: 'PATCH', path: POLICIES, query: PolicyIdQuery, body: PolicyUpdateBody, response: type<Policy>() }),
  /** answers the policy as it was */
  deletePolicy: endpoint({ method: 'DELETE', path: POLICIES, query: PolicyIdQuery, response: type<Policy>() }),
  policyBatch: endpoint({ method: 'POST', path: `${POLICIES}/batch`, body: PolicyBatchBody, response: type<PolicyBatchResponse>() }),
}
