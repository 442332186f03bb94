/**
 * Row-level security (spec 2 Policies, 4 Policy editor, 5 review, 6 permissions): toggle RLS, create,
 * edit and delete policies, open the policy editor, go to a table's policies. The editor's own steps are
 * in policies-editor.ts. The bodies are in policies.run.ts, loaded on first use; the pick lists of
 * policies and templates load the policy SQL only when asked.
 */
import { z } from 'zod'
import { currentFirst, defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { isProtectedSchema } from '../src/shared/constants'
import { POLICY_COMMANDS, PUBLIC_ROLE, isPolicyRoleChoice, showsCheck, showsUsing, type Policy } from '../src/shared/policies'
import { isUserSchema, relationsQuery } from '../src/web/model/project/project-queries'
import { policiesQuery, schemasQuery, tableQuery } from '../src/web/model/project/queries'
import { rolesQuery } from '../src/web/model/database/roles/roles-data'

const load = () => import('./policies.run')

const AREA = 'auth'

const canWritePolicies = (ctx: CommandContext) => ctx.can('sqlAdminWritePolicies') || MSG.editPoliciesPermission
export const onPage = (ctx: CommandContext) => ctx.route.matches('auth.policies')

/** The schema of what is in view: the grid's table (once loaded), or the schema the policies page shows. */
function schemaInView(ctx: CommandContext): string | undefined {
  if (ctx.route.params.tableId) return ctx.queryClient.getQueryData(tableQuery(ctx.api, ctx.ref, Number(ctx.route.params.tableId)).queryKey)?.schema
  if (!onPage(ctx)) return undefined
  const schema = ctx.location.search.schema
  return typeof schema === 'string' ? schema : 'public'
}

/** Write on tables (spec 6), and not a protected schema's table: those are read-only in the dashboard. */
function canToggleRls(ctx: CommandContext): true | string {
  if (!ctx.can('writeTables')) return MSG.toggleRlsPermission
  const schema = schemaInView(ctx)
  return schema && isProtectedSchema(schema) ? MSG.protectedSchema(schema) : true
}

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

const relationsOf = async (ctx: CommandContext) => (await ctx.queryClient.fetchQuery(relationsQuery(ctx.api, ctx.ref))).data

/** Every table, the one in view first (so Enter takes it). */
async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const relations = await relationsOf(ctx)
  const current = tableInView(ctx)
  const options = relations
    .filter((r) => (r.type === 'table' || r.type === 'partitioned table') && !isProtectedSchema(r.schema))
    .map((r) => {
      const rls = r.rls_enabled ? 'RLS enabled' : 'RLS disabled'
      const label = r.schema === 'public' ? r.name : `${r.schema}.${r.name}`
      return { value: String(r.id), label, hint: String(r.id) === current ? `this table · ${rls}` : rls }
    })
  return currentFirst(options, current)
}

async function policyOptions(ctx: CommandContext): Promise<ArgOption[]> {
  // the pick lists load the policy SQL and writes only when asked (they are not part of the first load)
  const { policiesOf } = await import('../src/web/model/auth/policies/policy-writes')
  return (await policiesOf(ctx)).map((p) => ({ value: String(p.id), label: p.name, hint: `${p.command} on ${p.schema}.${p.table}` }))
}

/** The roles a policy may name (spec 5: not the reserved ones); public is every role, as none picked. */
async function roleOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const roles = await ctx.queryClient.fetchQuery(rolesQuery(ctx.api, ctx.ref))
  const names = roles.map((r) => r.name).filter((r) => isPolicyRoleChoice(r) && r !== PUBLIC_ROLE).sort()
  return [{ value: PUBLIC_ROLE, hint: 'every role' }, ...names.map((value) => ({ value }))]
}

/** The policy picked in an earlier step, as its pick list loaded it. */
function pickedPolicy(ctx: CommandContext, policyId: unknown): Policy | undefined {
  return ctx.queryClient.getQueryData(policiesQuery(ctx.api, ctx.ref).queryKey)?.find((p) => p.id === Number(policyId))
}

export const ToggleRlsArgs = z.object({ tableId, enabled: z.boolean().optional() })

export const toggleRls = defineCommand({
  id: 'policies.rls.toggle',
  title: 'Toggle RLS of a table',
  area: AREA,
  keywords: ['row level security', 'enable rls', 'disable rls'],
  args: ToggleRlsArgs,
  argOptions: { tableId: tableOptions },
  argLabels: { tableId: 'Table', enabled: 'Enable RLS' },
  enabled: canToggleRls,
  run: lazyRun(load, 'toggleRls'),
})

export const OpenEditorArgs = z.object({ tableId, template: z.string().min(1).optional() })

export const openEditor = defineCommand({
  id: 'policies.editor.open',
  title: 'New policy',
  area: AREA,
  keywords: ['create policy', 'rls', 'template', 'row level security'],
  args: OpenEditorArgs,
  argOptions: {
    tableId: tableOptions,
    template: async (ctx, sofar) => {
      // the table's schema and name, from the list its argument was picked from
      const table = sofar.tableId ? (await relationsOf(ctx)).find((r) => r.id === Number(sofar.tableId)) : undefined
      const { policyTemplates } = await import('../src/shared/policy-templates')
      const templates = table ? policyTemplates(table.schema, table.name).filter((t) => !t.preview) : []
      return [{ value: 'scratch', label: 'From scratch' }, ...templates.map((t) => ({ value: t.id, label: t.templateName, hint: t.command }))]
    },
  },
  argLabels: { tableId: 'Table', template: 'Start from' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'openEditor'),
})

export const CreatePolicyArgs = z.object({
  tableId, name: z.string(), command: z.enum(POLICY_COMMANDS).nullable(), definition: expression, check: expression, roles,
})

export const createPolicyCommand = defineCommand({
  id: 'policies.policy.create',
  title: 'Create policy',
  area: AREA,
  args: CreatePolicyArgs,
  argOptions: { tableId: tableOptions, roles: roleOptions },
  argLabels: { tableId: 'Table', name: 'Policy name', command: 'Operation', definition: 'USING expression', check: 'WITH CHECK expression', roles: 'Target roles' },
  // spec 5: USING for SELECT, UPDATE, DELETE and ALL; WITH CHECK for INSERT, UPDATE and ALL
  argWhen: { definition: (sofar) => showsUsing(sofar.command), check: (sofar) => showsCheck(sofar.command) },
  enabled: canWritePolicies,
  review: async (ctx, args) => (await load()).createPolicyReview(ctx, args),
  run: lazyRun(load, 'createPolicyCommand'),
})

export const EditPolicyArgs = z.object({ policyId })

export const editPolicy = defineCommand({
  id: 'policies.policy.edit',
  title: 'Edit policy',
  area: AREA,
  args: EditPolicyArgs,
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'editPolicy'),
})

export const UpdatePolicyArgs = z.object({ policyId, name: z.string().optional(), definition: expression, check: expression, roles })

export const updatePolicyCommand = defineCommand({
  id: 'policies.policy.update',
  title: 'Update policy',
  area: AREA,
  args: UpdatePolicyArgs,
  argOptions: { policyId: policyOptions, roles: roleOptions },
  argLabels: { policyId: 'Policy', name: 'New name', definition: 'USING expression', check: 'WITH CHECK expression', roles: 'Target roles' },
  // the policy's operation decides (spec 5); it cannot change
  argWhen: {
    definition: (sofar, ctx) => showsUsing(pickedPolicy(ctx, sofar.policyId)?.command),
    check: (sofar, ctx) => {
      const policy = pickedPolicy(ctx, sofar.policyId)
      return !policy || showsCheck(policy.command)
    },
  },
  enabled: canWritePolicies,
  review: async (ctx, args) => (await load()).updatePolicyReview(ctx, args),
  run: lazyRun(load, 'updatePolicyCommand'),
})

export const DeletePolicyArgs = z.object({ policyId })

export const deletePolicy = defineCommand({
  id: 'policies.policy.delete',
  title: 'Delete policy',
  area: AREA,
  keywords: ['remove policy', 'drop policy'],
  args: DeletePolicyArgs,
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'deletePolicy'),
})

export const GoToTablePoliciesArgs = z.object({ tableId: tableId.optional() })

export const goToTablePolicies = defineCommand({
  id: 'policies.table.go',
  title: 'Go to table policies',
  area: AREA,
  keywords: ['rls', 'policies of table', 'row level security'],
  args: GoToTablePoliciesArgs,
  argOptions: { tableId: tableOptions },
  argLabels: { tableId: 'Table' },
  run: lazyRun(load, 'goToTablePolicies'),
})

export const SetSchemaArgs = z.object({ schema: z.string().min(1) })

export const setSchema = defineCommand({
  id: 'policies.schema.set',
  title: 'Show policies of schema',
  area: AREA,
  args: SetSchemaArgs,
  argOptions: {
    schema: async (ctx) => (await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))).filter((s) => isUserSchema(s.name)).map((s) => ({ value: s.name })),
  },
  when: onPage,
  run: lazyRun(load, 'setSchema'),
})

export const SetSearchArgs = z.object({ search: z.string() })

export const setSearch = defineCommand({
  id: 'policies.search.set',
  title: 'Search tables and policies',
  area: AREA,
  args: SetSearchArgs,
  argLabels: { search: 'Table or policy name, or a table id' },
  when: onPage,
  run: lazyRun(load, 'setSearch'),
})
