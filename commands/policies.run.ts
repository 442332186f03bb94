/** The bodies of policies.ts's commands: RLS, policy changes and the editor's opening. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { onPage } from './policies'
import type {
  CreatePolicyArgs, DeletePolicyArgs, EditPolicyArgs, GoToTablePoliciesArgs, OpenEditorArgs, SetSchemaArgs,
  SetSearchArgs, ToggleRlsArgs, UpdatePolicyArgs,
} from './policies'
import type { CommandContext } from '../src/web/model/app/context'
import type { GridTable } from '../src/shared/api'
import { MSG } from '../src/shared/messages'
import { policyProblem } from '../src/shared/policies'
import { paths } from '../src/shared/routes'
import { applyTemplate, openPolicyEditor, type PolicyTarget } from '../src/web/model/auth/policies/policy-editor-state'
import {
  createPolicy, createReview, deletePolicyConfirmed, policyOf, tableOf, updatePolicy, updateReview, usableTemplate, type NewPolicy,
} from '../src/web/model/auth/policies/policy-writes'
import { isProtectedSchema } from '../src/shared/constants'
import { errorMessage } from '../src/shared/error-message'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'

const targetOf = (t: { id: number; schema: string; name: string }): PolicyTarget => ({ tableId: t.id, schema: t.schema, table: t.name })

/** The editor lives on the policies page: go there (showing the table) unless already on it. */
async function showTableOnPage(ctx: CommandContext, t: { id: number; schema: string }): Promise<void> {
  if (!onPage(ctx)) await ctx.navigate({ to: paths.authPolicies(ctx.ref), search: { schema: t.schema, search: String(t.id) } })
}

/**
 * Switches RLS after a confirmation; a protected schema's table is refused (spec 6: read-only). The lists
 * are read again however it ends: the table was just read from the database, and they may show it otherwise.
 */
export const toggleRls = async (ctx: CommandContext, args: z.infer<typeof ToggleRlsArgs>) => {
  const table = await tableOf(ctx, args.tableId)
  try {
    return await switchRls(ctx, table, args.enabled ?? !table.rls_enabled)
  } finally {
    await refreshPolicies(ctx.queryClient, ctx.ref)
  }
}

async function switchRls(ctx: CommandContext, table: GridTable, enabled: boolean): Promise<boolean> {
  if (isProtectedSchema(table.schema)) throw new CommandError(MSG.protectedSchema(table.schema), 'disabled')
  if (enabled === table.rls_enabled) return table.rls_enabled
  const ok = await ctx.confirm({
    title: `${enabled ? 'Enable' : 'Disable'} RLS for ${table.name}?`,
    description: enabled
      ? 'Only rows that a policy allows will be visible and writable through the API.'
      : 'Anyone with the project’s anon key will be able to read and write every row of this table.',
    confirmLabel: enabled ? 'Enable RLS' : 'Disable RLS',
    destructive: !enabled,
  })
  if (!ok) return table.rls_enabled
  try {
    await ctx.api.updateTable(ctx.ref, table.id, { rls_enabled: enabled })
    return enabled
  } catch (e) {
    ctx.toast.error(MSG.toggleRlsFailed(errorMessage(e)))
    return table.rls_enabled
  }
}

export const openEditor = async (ctx: CommandContext, args: z.infer<typeof OpenEditorArgs>) => {
  const table = await tableOf(ctx, args.tableId)
  const template = args.template && args.template !== 'scratch' ? usableTemplate(targetOf(table), args.template) : null
  await showTableOnPage(ctx, table)
  openPolicyEditor(targetOf(table), { view: args.template ? 'editor' : 'selection' })
  if (template) applyTemplate(template)
}

/** The new policy, refused (the review rule it breaks, spec 5) before anything is read or sent. */
function newPolicy({ name, command, definition, check, roles }: z.infer<typeof CreatePolicyArgs>): NewPolicy {
  const problem = policyProblem({ name, command, definition, check })
  if (problem || !command) throw new CommandError(problem ?? MSG.policyCommandRequired, 'invalid-args')
  return { name, command, definition, check, roles }
}

export const createPolicyCommand = async (ctx: CommandContext, args: z.infer<typeof CreatePolicyArgs>) => {
  const policy = newPolicy(args)
  return createPolicy(ctx, await tableOf(ctx, args.tableId), policy)
}

/** What the palette shows before it creates the policy: its SQL. */
export const createPolicyReview = async (ctx: CommandContext, args: z.infer<typeof CreatePolicyArgs>) => {
  const policy = newPolicy(args)
  return createReview(await tableOf(ctx, args.tableId), policy)
}

export const editPolicy = async (ctx: CommandContext, args: z.infer<typeof EditPolicyArgs>) => {
  const policy = await policyOf(ctx, args.policyId)
  await showTableOnPage(ctx, { id: policy.table_id, schema: policy.schema })
  openPolicyEditor({ tableId: policy.table_id, schema: policy.schema, table: policy.table }, { policy })
}

export const updatePolicyCommand = async (ctx: CommandContext, { policyId: id, ...change }: z.infer<typeof UpdatePolicyArgs>) =>
  updatePolicy(ctx, await policyOf(ctx, id), change)

/** What the palette shows before it changes the policy: the SQL ('' when nothing changes). */
export const updatePolicyReview = async (ctx: CommandContext, { policyId: id, ...change }: z.infer<typeof UpdatePolicyArgs>) =>
  updateReview(await policyOf(ctx, id), change)

export const deletePolicy = async (ctx: CommandContext, args: z.infer<typeof DeletePolicyArgs>) => {
  const policy = await policyOf(ctx, args.policyId)
  return deletePolicyConfirmed(ctx, policy, () => refreshPolicies(ctx.queryClient, ctx.ref))
}

export const goToTablePolicies = async (ctx: CommandContext, args: z.infer<typeof GoToTablePoliciesArgs>) => {
  const id = args.tableId ?? (ctx.route.matches('table-editor.table') ? Number(ctx.route.params.tableId) : undefined)
  if (!id) return ctx.navigate({ to: paths.authPolicies(ctx.ref) })
  const table = await tableOf(ctx, id)
  await ctx.navigate({ to: paths.authPolicies(ctx.ref), search: { schema: table.schema, search: String(table.id) } })
}

export const setSchema = (ctx: CommandContext, { schema }: z.infer<typeof SetSchemaArgs>) => ctx.navigate({ search: { schema } })

export const setSearch = (ctx: CommandContext, { search }: z.infer<typeof SetSearchArgs>) =>
  ctx.navigate({ search: (prev) => ({ ...prev, search: search.trim() || undefined }), replace: true })
