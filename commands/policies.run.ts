/** The bodies of policies.ts's commands: RLS, policy changes and the editor's opening. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { onPage } from './policies'
import type {
  CreatePolicyArgs, DeletePolicyArgs, EditPolicyArgs, GoToTablePoliciesArgs, OpenEditorArgs, SetSchemaArgs,
  SetSearchArgs, ToggleRlsArgs, UpdatePolicyArgs,
} from './policies'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { policyProblem } from '../src/shared/policies'
import { paths } from '../src/shared/routes'
import { applyTemplate, openPolicyEditor, type PolicyTarget } from '../src/web/model/auth/policies/policy-editor-state'
import {
  createPolicy, deletePolicyConfirmed, policyOf, tableOf, updatePolicy, usableTemplate,
} from '../src/web/model/auth/policies/policy-writes'
import { errorMessage } from '../src/shared/error-message'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'

const targetOf = (t: { id: number; schema: string; name: string }): PolicyTarget => ({ tableId: t.id, schema: t.schema, table: t.name })

/** The editor lives on the policies page: go there (showing the table) unless already on it. */
async function showTableOnPage(ctx: CommandContext, t: { id: number; schema: string }): Promise<void> {
  if (!onPage(ctx)) await ctx.navigate({ to: paths.authPolicies(ctx.ref), search: { schema: t.schema, search: String(t.id) } })
}

export const toggleRls = async (ctx: CommandContext, args: z.infer<typeof ToggleRlsArgs>) => {
  const table = await tableOf(ctx, args.tableId)
  const enabled = args.enabled ?? !table.rls_enabled
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
  } finally {
    await refreshPolicies(ctx.queryClient, ctx.ref)
  }
}

export const openEditor = async (ctx: CommandContext, args: z.infer<typeof OpenEditorArgs>) => {
  const table = await tableOf(ctx, args.tableId)
  const template = args.template && args.template !== 'scratch' ? usableTemplate(targetOf(table), args.template) : null
  await showTableOnPage(ctx, table)
  openPolicyEditor(targetOf(table), { view: args.template ? 'editor' : 'selection' })
  if (template) applyTemplate(template)
}

export const createPolicyCommand = async (ctx: CommandContext, { tableId: id, command, ...rest }: z.infer<typeof CreatePolicyArgs>) => {
  const problem = policyProblem({ ...rest, command })
  if (problem || !command) throw new CommandError(problem ?? MSG.policyCommandRequired, 'invalid-args')
  return createPolicy(ctx, await tableOf(ctx, id), { ...rest, command })
}

export const editPolicy = async (ctx: CommandContext, args: z.infer<typeof EditPolicyArgs>) => {
  const policy = await policyOf(ctx, args.policyId)
  await showTableOnPage(ctx, { id: policy.table_id, schema: policy.schema })
  openPolicyEditor({ tableId: policy.table_id, schema: policy.schema, table: policy.table }, { policy })
}

export const updatePolicyCommand = async (ctx: CommandContext, { policyId: id, ...change }: z.infer<typeof UpdatePolicyArgs>) =>
  updatePolicy(ctx, await policyOf(ctx, id), change)

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
