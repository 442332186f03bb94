/**
 * Creating and changing a policy, as the commands and the editor's save both do it: checked with the
 * review rules first (spec 5), then sent; a refusal becomes the spec's toast (spec 8) and a null answer.
 */
import type { CommandContext } from '../../app/context'
import { CommandError } from '../../app/command-error'
import { MSG } from '../../../../shared/messages'
import { policyProblem, type Policy, type PolicyCommand } from '../../../../shared/policies'
import { createPolicySql, updatePolicySql, type PolicyChange } from '../../../../shared/policy-sql'
import { policyTemplates, type PolicyTemplate } from '../../../../shared/policy-templates'
import type { GridTable } from '../../../../shared/api'
import { policiesQuery, tableQuery } from '../../project/queries'
import { policyEditor, type PolicyForm, type PolicyTarget } from './policy-editor-state'
import { refreshPolicies } from './queries'
import { errorMessage } from '../../../../shared/error-message'
import { ApiError } from '../../../data/api'

export interface NewPolicy {
  name: string
  command: PolicyCommand
  definition?: string | null
  check?: string | null
  roles?: string[]
}

/**
 * The table (plain or partitioned) as the database has it now: its RLS state is flipped and its name
 * written into the SQL right after, so it is read again rather than taken from the cache.
 */
export async function tableOf(ctx: CommandContext, tableId: number): Promise<GridTable> {
  const table = await ctx.queryClient.fetchQuery({ ...tableQuery(ctx.api, ctx.ref, tableId), staleTime: 0 })
  if (table.type !== 'table' && table.type !== 'partitioned table') throw new CommandError(`Table ${tableId} not found`, 'invalid-args')
  return table
}

/** The project's policies, read again from the database when `fresh` (else as cached, for options). */
export function policiesOf(ctx: CommandContext, fresh = false): Promise<Policy[]> {
  const query = policiesQuery(ctx.api, ctx.ref)
  return ctx.queryClient.fetchQuery(fresh ? { ...query, staleTime: 0 } : query)
}

/** One policy as the database has it now (one call, not the whole list again). */
export async function policyOf(ctx: CommandContext, policyId: number): Promise<Policy> {
  try {
    return await ctx.api.policy(ctx.ref, policyId)
  } catch (e) {
    if (e instanceof ApiError && e.code === 404) throw new CommandError(`There is no policy with id ${policyId}`, 'invalid-args')
    throw e
  }
}

/** The template `id` for the table, refusing an unknown one and a preview (it cannot be applied). */
export function usableTemplate(target: Pick<PolicyTarget, 'schema' | 'table'> | null, id: string): PolicyTemplate {
  const template = target && policyTemplates(target.schema, target.table).find((t) => t.id === id)
  if (!template) throw new CommandError(`There is no policy template "${id}"`, 'invalid-args')
  if (template.preview) throw new CommandError(`"${template.templateName}" is a preview: it cannot be applied to this table`, 'invalid-args')
  return template
}

/** The review rule the policy breaks, or the reason its SQL cannot be built (a stray parenthesis…). */
export function reviewProblem(
  form: { name: string; command: PolicyCommand | null; definition?: string | null; check?: string | null; roles?: string[] },
  sql: () => string,
): string | null {
  const problem = policyProblem(form)
  if (problem) return problem
  try {
    sql()
    return null
  } catch (e) {
    return errorMessage(e)
  }
}

/** The SQL of a new policy on `table`, as the review shows it. */
export function createSql(table: Pick<GridTable, 'schema' | 'name'>, p: NewPolicy): string {
  return createPolicySql({ ...p, schema: table.schema, table: table.name })
}

/** Only what the form changed, as the update payload carries it (spec 7). */
export function policyChange(policy: Policy, form: PolicyForm): PolicyChange & { roles?: string[] } {
  const change: PolicyChange & { roles?: string[] } = {}
  if (form.name !== policy.name) change.name = form.name
  if (form.definition !== (policy.definition ?? '')) change.definition = form.definition || null
  if (form.check !== (policy.check ?? '')) change.check = form.check || null
  const now = policy.roles.filter((r) => r !== 'public')
  if (form.roles.join(',') !== now.join(',')) change.roles = form.roles
  return change
}

/** The SQL creating `p` on `table` runs, as a review shows it; refuses (the rule it breaks) one that may not be saved. */
export function createReview(table: Pick<GridTable, 'schema' | 'name'>, p: NewPolicy): string {
  const problem = reviewProblem(p, () => createSql(table, p))
  if (problem) throw new CommandError(problem, 'invalid-args')
  return createSql(table, p)
}

/** The SQL the change to `policy` runs ('' when nothing changes), as a review shows it; refuses one that may not be saved. */
export function updateReview(policy: Policy, change: PolicyChange & { roles?: string[] }): string {
  const merged = {
    name: change.name ?? policy.name,
    command: policy.command,
    definition: change.definition !== undefined ? change.definition : policy.definition,
    check: change.check !== undefined ? change.check : policy.check,
  }
  const problem = reviewProblem(merged, () => updatePolicySql(policy, change))
  if (problem) throw new CommandError(problem, 'invalid-args')
  return updatePolicySql(policy, change)
}

/** Creates the policy on `table`; null (and the spec's toast) when the database refuses it. */
export async function createPolicy(ctx: CommandContext, table: Pick<GridTable, 'schema' | 'name'>, p: NewPolicy, onError?: (message: string) => void): Promise<Policy | null> {
  createReview(table, p)
  let policy: Policy
  try {
    policy = await ctx.api.createPolicy(ctx.ref, {
      name: p.name, schema: table.schema, table: table.name, action: 'PERMISSIVE', command: p.command,
      definition: p.definition || null, check: p.check || null, roles: p.roles ?? [],
    })
  } catch (e) {
    ctx.toast.error(MSG.policyAddFailed(errorMessage(e)))
    onError?.(errorMessage(e))
    return null
  } finally {
    await refreshPolicies(ctx.queryClient, ctx.ref)
  }
  // Told only once the work is over: whoever acts on the toast finds the editor settled.
  ctx.toast.success(MSG.policyCreated(policy.name))
  return policy
}

/** Changes the policy; null (and the spec's toast) when the database refuses it. */
export async function updatePolicy(
  ctx: CommandContext, policy: Policy, change: PolicyChange & { roles?: string[] }, onError?: (message: string) => void,
): Promise<Policy | null> {
  updateReview(policy, change)
  let updated: Policy
  try {
    updated = await ctx.api.updatePolicy(ctx.ref, policy.id, { id: policy.id, ...change })
  } catch (e) {
    ctx.toast.error(MSG.policyUpdateFailed(errorMessage(e)))
    onError?.(errorMessage(e))
    return null
  } finally {
    await refreshPolicies(ctx.queryClient, ctx.ref)
  }
  ctx.toast.success(MSG.policyUpdated(updated.name))
  return updated
}

/** The SQL the editor's form would run (what the review shows), or the rule it breaks. */
export function reviewOfForm(): { sql: string } | { problem: string } {
  const { form, policy, target } = policyEditor
  if (!target) return { problem: 'No table is chosen' }
  const sql = () =>
    policy
      ? updatePolicySql(policy, policyChange(policy, form))
      : createSql({ schema: target.schema, name: target.table }, { ...form, command: form.command! })
  const problem = reviewProblem(form, sql)
  return problem ? { problem } : { sql: sql() }
}

/** Closing a policy modal with unsaved edits asks first (spec 4); whether to discard them. */
export function confirmDiscard(ctx: CommandContext): Promise<boolean> {
  return ctx.confirm({
    title: MSG.discardPolicyChanges,
    description: 'The policy has edits that are not saved yet.',
    confirmLabel: 'Discard',
    destructive: true,
  })
}

/**
 * Deletes a policy once the user confirms: 'Successfully deleted policy!' or the spec's failure toast;
 * `refresh` runs either way. Whether it was deleted.
 */
export async function deletePolicyConfirmed(ctx: CommandContext, policy: Policy, refresh: () => Promise<void>): Promise<boolean> {
  const ok = await ctx.confirm({
    title: `Delete policy ${policy.name}?`,
    description: `The policy goes from ${policy.schema}.${policy.table} at once; this cannot be undone.`,
    confirmLabel: 'Delete',
    destructive: true,
  })
  if (!ok) return false
  try {
    await ctx.api.deletePolicy(ctx.ref, policy.id)
    ctx.toast.success(MSG.policyDeleted)
    return true
  } catch (e) {
    ctx.toast.error(MSG.policySaveFailed(errorMessage(e)))
    return false
  } finally {
    await refresh()
  }
}
