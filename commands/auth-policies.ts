/**
 * Row-level security (spec 2 Policies, 4 Policy editor, 5 review, 6 permissions): toggle RLS, create,
 * edit and delete policies, open the policy editor and step through it, go to a table's policies.
 */
import { z } from 'zod'
import { currentFirst, defineCommand, CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { POLICY_COMMANDS, policyProblem } from '../src/shared/policies'
import { policyTemplates } from '../src/shared/policy-templates'
import { paths } from '../src/shared/routes'
import { isUserSchema, relationsQuery } from '../src/web/model/project/project-queries'
import { schemasQuery } from '../src/web/model/project/queries'
import { applyTemplate, openPolicyEditor, type PolicyTarget } from '../src/web/model/auth/policies/policy-editor-state'
import {
  createPolicy, deletePolicyConfirmed, policiesOf, policyOf, tableOf, updatePolicy, usableTemplate,
} from '../src/web/model/auth/policies/policy-writes'
import { errorMessage } from '../src/shared/error-message'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'

const AREA = 'auth'

const canWritePolicies = (ctx: CommandContext) => ctx.can('sqlAdminWritePolicies') || MSG.editPoliciesPermission
const canToggleRls = (ctx: CommandContext) => ctx.can('writeTables') || MSG.toggleRlsPermission
const onPage = (ctx: CommandContext) => ctx.route.matches('auth.policies')

const tableId = z.number().int().positive()
const policyId = z.number().int().positive()
const expression = z.string().nullable().optional()
const roles = z.array(z.string().min(1)).optional()

/** The table in view: the grid's, or the one the policies page shows by its id. */
function tableInView(ctx: CommandContext): string | undefined {
  if (ctx.route.params.tableId) return ctx.route.params.tableId
  const search = ctx.location.search.search
  return onPage(ctx) && typeof search === 'string' && /^\d+$/.test(search) ? search : undefined
}

const relationsOf = (ctx: CommandContext) => ctx.queryClient.fetchQuery(relationsQuery(ctx.api, ctx.ref))

/** Every table, the one in view first (so Enter takes it). */
async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const relations = await relationsOf(ctx)
  const current = tableInView(ctx)
  const options = relations
    .filter((r) => r.type === 'table' || r.type === 'partitioned table')
    .map((r) => {
      const rls = r.rls_enabled ? 'RLS enabled' : 'RLS disabled'
      const label = r.schema === 'public' ? r.name : `${r.schema}.${r.name}`
      return { value: String(r.id), label, hint: String(r.id) === current ? `this table · ${rls}` : rls }
    })
  return currentFirst(options, current)
}

async function policyOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await policiesOf(ctx)).map((p) => ({ value: String(p.id), label: p.name, hint: `${p.command} on ${p.schema}.${p.table}` }))
}

const targetOf = (t: { id: number; schema: string; name: string }): PolicyTarget => ({ tableId: t.id, schema: t.schema, table: t.name })

/** The editor lives on the policies page: go there (showing the table) unless already on it. */
async function showTableOnPage(ctx: CommandContext, t: { id: number; schema: string }): Promise<void> {
  if (!onPage(ctx)) await ctx.navigate({ to: paths.authPolicies(ctx.ref), search: { schema: t.schema, search: String(t.id) } })
}

export const toggleRls = defineCommand({
  id: 'policies.rls.toggle',
  title: 'Toggle RLS of a table',
  area: AREA,
  keywords: ['row level security', 'enable rls', 'disable rls'],
  args: z.object({ tableId, enabled: z.boolean().optional() }),
  argOptions: { tableId: tableOptions },
  argLabels: { tableId: 'Table', enabled: 'Enable RLS' },
  enabled: canToggleRls,
  run: async (ctx, args) => {
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
  },
})

export const openEditor = defineCommand({
  id: 'policies.editor.open',
  title: 'New policy',
  area: AREA,
  keywords: ['create policy', 'rls', 'template', 'row level security'],
  args: z.object({ tableId, template: z.string().min(1).optional() }),
  argOptions: {
    tableId: tableOptions,
    template: async (ctx, sofar) => {
      // the table's schema and name, from the list its argument was picked from
      const table = sofar.tableId ? (await relationsOf(ctx)).find((r) => r.id === Number(sofar.tableId)) : undefined
      const templates = table ? policyTemplates(table.schema, table.name).filter((t) => !t.preview) : []
      return [{ value: 'scratch', label: 'From scratch' }, ...templates.map((t) => ({ value: t.id, label: t.templateName, hint: t.command }))]
    },
  },
  argLabels: { tableId: 'Table', template: 'Start from' },
  enabled: canWritePolicies,
  run: async (ctx, args) => {
    const table = await tableOf(ctx, args.tableId)
    const template = args.template && args.template !== 'scratch' ? usableTemplate(targetOf(table), args.template) : null
    await showTableOnPage(ctx, table)
    openPolicyEditor(targetOf(table), { view: args.template ? 'editor' : 'selection' })
    if (template) applyTemplate(template)
  },
})

export const createPolicyCommand = defineCommand({
  id: 'policies.policy.create',
  title: 'Create policy',
  area: AREA,
  args: z.object({ tableId, name: z.string(), command: z.enum(POLICY_COMMANDS).nullable(), definition: expression, check: expression, roles }),
  argOptions: { tableId: tableOptions },
  argLabels: { tableId: 'Table', name: 'Policy name', command: 'Operation', definition: 'USING expression', check: 'WITH CHECK expression' },
  enabled: canWritePolicies,
  run: async (ctx, { tableId: id, command, ...rest }) => {
    const problem = policyProblem({ ...rest, command })
    if (problem || !command) throw new CommandError(problem ?? MSG.policyCommandRequired, 'invalid-args')
    return createPolicy(ctx, await tableOf(ctx, id), { ...rest, command })
  },
})

export const editPolicy = defineCommand({
  id: 'policies.policy.edit',
  title: 'Edit policy',
  area: AREA,
  args: z.object({ policyId }),
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: async (ctx, args) => {
    const policy = await policyOf(ctx, args.policyId)
    await showTableOnPage(ctx, { id: policy.table_id, schema: policy.schema })
    openPolicyEditor({ tableId: policy.table_id, schema: policy.schema, table: policy.table }, { policy })
  },
})

export const updatePolicyCommand = defineCommand({
  id: 'policies.policy.update',
  title: 'Update policy',
  area: AREA,
  args: z.object({ policyId, name: z.string().optional(), definition: expression, check: expression, roles }),
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy', name: 'New name', definition: 'USING expression', check: 'WITH CHECK expression' },
  enabled: canWritePolicies,
  run: async (ctx, { policyId: id, ...change }) => updatePolicy(ctx, await policyOf(ctx, id), change),
})

export const deletePolicy = defineCommand({
  id: 'policies.policy.delete',
  title: 'Delete policy',
  area: AREA,
  keywords: ['remove policy', 'drop policy'],
  args: z.object({ policyId }),
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: async (ctx, args) => {
    const policy = await policyOf(ctx, args.policyId)
    return deletePolicyConfirmed(ctx, policy, () => refreshPolicies(ctx.queryClient, ctx.ref))
  },
})

export const goToTablePolicies = defineCommand({
  id: 'policies.table.go',
  title: 'Go to table policies',
  area: AREA,
  keywords: ['rls', 'policies of table', 'row level security'],
  args: z.object({ tableId: tableId.optional() }),
  argOptions: { tableId: tableOptions },
  argLabels: { tableId: 'Table' },
  run: async (ctx, args) => {
    const id = args.tableId ?? (ctx.route.matches('table-editor.table') ? Number(ctx.route.params.tableId) : undefined)
    if (!id) return ctx.navigate({ to: paths.authPolicies(ctx.ref) })
    const table = await tableOf(ctx, id)
    await ctx.navigate({ to: paths.authPolicies(ctx.ref), search: { schema: table.schema, search: String(table.id) } })
  },
})

export const setSchema = defineCommand({
  id: 'policies.schema.set',
  title: 'Show policies of schema',
  area: AREA,
  args: z.object({ schema: z.string().min(1) }),
  argOptions: {
    schema: async (ctx) => (await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))).filter((s) => isUserSchema(s.name)).map((s) => ({ value: s.name })),
  },
  when: onPage,
  run: (ctx, { schema }) => ctx.navigate({ search: { schema } }),
})

export const setSearch = defineCommand({
  id: 'policies.search.set',
  title: 'Search tables and policies',
  area: AREA,
  args: z.object({ search: z.string() }),
  argLabels: { search: 'Table or policy name, or a table id' },
  when: onPage,
  run: (ctx, { search }) => ctx.navigate({ search: (prev) => ({ ...prev, search: search.trim() || undefined }), replace: true }),
})

// the editor's own steps (its buttons and keys)
export * from './auth-policies-editor'
