/**
 * The storage policies' writes, as the commands and the modal's save do them: checked
 * with the review rules first (spec 5), then sent through the policies API (the server checks and runs
 * the same SQL); a refusal becomes the spec's toast (spec 8) and a null answer.
 */
import type { CommandContext } from '../../app/context'
import { CommandError } from '../../app/command-error'
import { MSG } from '../../../../shared/messages'
import type { Policy } from '../../../../shared/policies'
import { expressionProblem, updatePolicySql, type PolicyChange } from '../../../../shared/policy-sql'
import {
  storagePoliciesSql, storagePolicyCreates, storagePolicyProblem, type StoragePolicyForm,
} from '../../../../shared/storage-policies'
import { errorMessage } from '../../../../shared/error-message'
import { policiesOf } from '../../auth/policies/policy-writes'
import { refreshPolicies } from '../../auth/policies/queries'
import { storagePolicyModal, type StoragePolicyFormState } from './storage-policy-state'
import { ApiError } from '../../../data/api'

/** Every policy on the storage schema's tables, read again when `fresh` (else as cached, for options). */
export async function storagePoliciesOf(ctx: CommandContext, fresh = false): Promise<Policy[]> {
  return (await policiesOf(ctx, fresh)).filter((p) => p.schema === 'storage')
}

export async function storagePolicyOf(ctx: CommandContext, policyId: number): Promise<Policy> {
  const policy = await ctx.api.policy(ctx.ref, policyId).catch((e: unknown) => {
    if (e instanceof ApiError && e.code === 404) return null
    throw e
  })
  if (!policy || policy.schema !== 'storage') throw new CommandError(`There is no storage policy with id ${policyId}`, 'invalid-args')
  return policy
}

/** The rule the form breaks, or the reason its SQL cannot be built. */
function createProblem(bucketId: string | null, form: StoragePolicyForm): string | null {
  const problem = storagePolicyProblem(form)
  if (problem) return problem
  try {
    storagePoliciesSql(bucketId, form)
    return null
  } catch (e) {
    return errorMessage(e)
  }
}

/**
 * Creates one policy per SQL command the operations need, in one transaction on the server, so a save makes
 * all of them or none. Null (and the spec's toast) on a refusal.
 */
export async function createStoragePolicies(ctx: CommandContext, bucketId: string | null, form: StoragePolicyForm): Promise<Policy[] | null> {
  const problem = createProblem(bucketId, form)
  if (problem) throw new CommandError(problem, 'invalid-args')
  let made: Policy[]
  try {
    made = await ctx.api.createPolicies(ctx.ref, storagePolicyCreates(bucketId, form).map((p) => ({ ...p, roles: [...(p.roles ?? [])] })))
  } catch (e) {
    ctx.toast.error(MSG.policyAddFailed(errorMessage(e)))
    return null
  } finally {
    await refreshPolicies(ctx.queryClient, ctx.ref)
  }
  // Told only once the work is over: whoever acts on the toast finds the modal settled.
  ctx.toast.success(made.length === 1 ? MSG.policyCreated(made[0]!.name) : MSG.storagePoliciesCreated(made.length))
  return made
}

/** Only what the form changed; the definition is the policy's USING, or its WITH CHECK when it has no USING (INSERT). */
export function storagePolicyChange(policy: Policy, form: Pick<StoragePolicyFormState, 'name' | 'roles' | 'definition'>): PolicyChange & { roles?: string[] } {
  const change: PolicyChange & { roles?: string[] } = {}
  if (form.name !== policy.name) change.name = form.name
  const field = policy.definition !== null || policy.command !== 'INSERT' ? 'definition' : 'check'
  if (form.definition !== (policy[field] ?? '')) change[field] = form.definition
  if ([...form.roles].sort().join(',') !== policy.roles.filter((r) => r !== 'public').join(',')) change.roles = [...form.roles]
  return change
}

function updateProblem(form: Pick<StoragePolicyFormState, 'name' | 'definition'>): string | null {
  if (!form.name.trim()) return MSG.policyNameRequired
  if (!form.definition.trim()) return MSG.storagePolicyDefinitionRequired
  return expressionProblem(form.definition)
}

/** Changes the policy; null (and the spec's toast) when the database refuses it. */
export async function updateStoragePolicy(ctx: CommandContext, policy: Policy, form: Pick<StoragePolicyFormState, 'name' | 'roles' | 'definition'>): Promise<Policy | null> {
  const problem = updateProblem(form)
  if (problem) throw new CommandError(problem, 'invalid-args')
  let updated: Policy
  try {
    updated = await ctx.api.updatePolicy(ctx.ref, policy.id, { id: policy.id, ...storagePolicyChange(policy, form) })
  } catch (e) {
    ctx.toast.error(MSG.policySaveFailed(errorMessage(e)))
    return null
  } finally {
    await refreshPolicies(ctx.queryClient, ctx.ref)
  }
  ctx.toast.success(MSG.policyUpdated(updated.name))
  return updated
}

/** The SQL the modal's form would run (what the review shows), or the rule it breaks. */
export function storageReviewOfForm(): { sql: string } | { problem: string } {
  const { form, policy, bucketId } = storagePolicyModal
  if (policy) {
    const problem = updateProblem(form)
    return problem ? { problem } : { sql: updatePolicySql(policy, storagePolicyChange(policy, form)) }
  }
  const problem = createProblem(bucketId, form)
  return problem ? { problem } : { sql: storagePoliciesSql(bucketId, form) }
}

