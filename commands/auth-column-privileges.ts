/**
 * Authentication → Column privileges (ALPHA, behind its feature flag): column-level SELECT, INSERT and
 * UPDATE grants of anon and authenticated on one table. Pick a schema and table; grant, revoke or toggle a
 * privilege on a column (or, with no column, on the whole table); switch a table-level grant to
 * column-level ones; then apply the staged changes as one batch in one transaction, or discard them.
 * Changes need tenant SQL admin write, like the other DDL (the server enforces it); protected schemas are
 * read-only. Bodies in auth-column-privileges.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { currentFirst, defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { COLUMN_PRIVILEGE_ROLES, COLUMN_PRIVILEGES, type ColumnPrivilegesTable } from '../src/shared/contract/column-privileges'
import { isProtectedSchema } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { schemasQuery } from '../src/web/model/project/queries'
import { visibleSchemas } from '../src/web/model/table-editor/schemas'
import { authFeatures } from '../src/web/model/auth/features'
import { columnPrivilegesKeys, readColumnPrivileges, schemaTablesQuery } from '../src/web/model/auth/column-privileges-data'
import { PRIVILEGE_HINTS } from '../src/web/model/auth/column-privileges-rules'
import { columnPrivilegesState, stagedCount } from '../src/web/model/auth/column-privileges-state'

const load = () => import('./auth-column-privileges.run')

const AREA = 'auth'

/** On the page, with the feature flag on. */
const onPage = (ctx: CommandContext) => authFeatures.columnPrivileges && ctx.route.matches('auth.column-privileges')
/** The table shown (?table=). */
export const shownTableId = (ctx: CommandContext): number | undefined => {
  const id = Number(ctx.location.search.table)
  return Number.isInteger(id) && id > 0 ? id : undefined
}
/** The schema whose tables are listed (?schema=), public by default. */
export const shownSchema = (ctx: CommandContext): string =>
  typeof ctx.location.search.schema === 'string' ? ctx.location.search.schema : 'public'

const canChange = (ctx: CommandContext): true | string => {
  if (!ctx.can('tenantSqlAdminWrite')) return MSG.noPermission('change column privileges')
  const id = shownTableId(ctx)
  if (id === undefined) return 'Pick a table first'
  const shown = ctx.queryClient.getQueryData<ColumnPrivilegesTable>(columnPrivilegesKeys.table(ctx.ref, id))?.table
  if (shown?.protected) return MSG.protectedSchema(shown.schema)
  return true
}
const hasStaged = (ctx: CommandContext): true | string => {
  const can = canChange(ctx)
  if (can !== true) return can
  return columnPrivilegesState.tableId === shownTableId(ctx) && stagedCount(columnPrivilegesState.staged) > 0
    ? true : MSG.columnPrivilegesNoChanges
}

async function schemaOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schemas = visibleSchemas(await ctx.queryClient.ensureQueryData(schemasQuery(ctx.api, ctx.ref)))
  const options = schemas.map((s) => ({ value: s.name, hint: isProtectedSchema(s.name) ? 'read-only' : undefined }))
  return currentFirst(options, shownSchema(ctx))
}

async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schema = shownSchema(ctx)
  const tables = await ctx.queryClient.ensureQueryData(schemaTablesQuery(ctx.api, ctx.ref, schema))
  const options = tables.map((t) => ({ value: String(t.id), label: `${t.schema}.${t.name}`, hint: t.type }))
  return currentFirst(options, String(shownTableId(ctx)))
}

async function columnOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const id = shownTableId(ctx)
  if (id === undefined) return []
  const table = await readColumnPrivileges(ctx.queryClient, ctx.api, ctx.ref, id)
  return table.columns.map((c) => ({ value: c.name, hint: c.type }))
}

const role = z.enum(COLUMN_PRIVILEGE_ROLES, { error: MSG.columnPrivilegesRole })
const privilege = z.enum(COLUMN_PRIVILEGES, { error: 'Pick SELECT, INSERT or UPDATE' })
const privilegeOptions = () => COLUMN_PRIVILEGES.map((p) => ({ value: p, hint: PRIVILEGE_HINTS[p] }))
const roleOptions = () => COLUMN_PRIVILEGE_ROLES.map((r) => ({ value: r, hint: r === 'anon' ? 'requests with the anon key' : 'signed-in users' }))

export const SetSchemaArgs = z.object({ schema: z.string({ error: 'Pick a schema' }).min(1, 'Pick a schema') })

export const setSchema = defineCommand({
  id: 'auth.column-privileges.schema.set',
  title: 'Column privileges: pick schema',
  area: AREA,
  keywords: ['schema', 'namespace'],
  args: SetSchemaArgs,
  argOptions: { schema: schemaOptions },
  argLabels: { schema: 'Schema' },
  when: onPage,
  run: lazyRun(load, 'setSchema'),
})

export const PickTableArgs = z.object({ tableId: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table') })

export const pickTable = defineCommand({
  id: 'auth.column-privileges.table.pick',
  title: 'Column privileges: pick table',
  area: AREA,
  keywords: ['table', 'open table', 'grants of table', 'view'],
  args: PickTableArgs,
  argOptions: { tableId: tableOptions },
  argLabels: { tableId: 'Table (of the schema shown)' },
  when: onPage,
  run: lazyRun(load, 'pickTable'),
})

export const CellArgs = z.object({
  role,
  privilege,
  column: z.string({ error: 'Pick a column' }).min(1, 'Pick a column'),
})
const cellArgs = {
  args: CellArgs,
  argOptions: { role: roleOptions, privilege: privilegeOptions, column: columnOptions },
  argLabels: { role: 'Role', privilege: 'Privilege', column: 'Column' },
}

export const toggleColumnPrivilege = defineCommand({
  id: 'auth.column-privilege.toggle',
  title: 'Toggle a column privilege',
  area: AREA,
  keywords: ['grant', 'revoke', 'select', 'insert', 'update', 'anon', 'authenticated', 'switch'],
  ...cellArgs,
  when: onPage,
  enabled: canChange,
  run: lazyRun(load, 'toggleColumnPrivilege'),
})

export const GrantArgs = z.object({ role, privilege, column: z.string().min(1).optional() })
const grantArgs = {
  args: GrantArgs,
  argOptions: { role: roleOptions, privilege: privilegeOptions, column: columnOptions },
  argLabels: { role: 'Role', privilege: 'Privilege', column: 'Column (none: the whole table)' },
}

export const grantColumnPrivilege = defineCommand({
  id: 'auth.column-privilege.grant',
  title: 'Grant a privilege on a column, staged until applied',
  area: AREA,
  keywords: ['grant', 'allow', 'select', 'insert', 'update', 'anon', 'authenticated'],
  ...grantArgs,
  when: onPage,
  enabled: canChange,
  run: lazyRun(load, 'grantColumnPrivilege'),
})

export const revokeColumnPrivilege = defineCommand({
  id: 'auth.column-privilege.revoke',
  title: 'Revoke a privilege on a column, staged until applied',
  area: AREA,
  keywords: ['revoke', 'deny', 'hide column', 'select', 'insert', 'update', 'anon', 'authenticated'],
  ...grantArgs,
  when: onPage,
  enabled: canChange,
  run: lazyRun(load, 'revokeColumnPrivilege'),
})

export const SwitchArgs = z.object({ role, privilege })

export const switchToColumnLevel = defineCommand({
  id: 'auth.column-privileges.switch',
  title: 'Switch a table-level grant to column-level',
  area: AREA,
  keywords: ['table-level', 'column-level', 'revoke table', 'per column'],
  args: SwitchArgs,
  argOptions: { role: roleOptions, privilege: privilegeOptions },
  argLabels: { role: 'Role', privilege: 'Privilege' },
  when: onPage,
  enabled: canChange,
  run: lazyRun(load, 'switchToColumnLevel'),
})

export const applyColumnPrivileges = defineCommand({
  id: 'auth.column-privileges.apply',
  title: 'Apply column privilege changes',
  area: AREA,
  keywords: ['save', 'commit', 'run', 'grant', 'revoke', 'batch'],
  when: onPage,
  enabled: hasStaged,
  run: lazyRun(load, 'applyColumnPrivileges'),
})

export const discardColumnPrivileges = defineCommand({
  id: 'auth.column-privileges.discard',
  title: 'Discard column privilege changes',
  area: AREA,
  keywords: ['undo', 'reset', 'cancel'],
  when: onPage,
  enabled: hasStaged,
  run: lazyRun(load, 'discardColumnPrivileges'),
})

export const refreshColumnPrivileges = defineCommand({
  id: 'auth.column-privileges.refresh',
  title: 'Refresh column privileges',
  area: AREA,
  keywords: ['reload'],
  when: onPage,
  run: lazyRun(load, 'refreshColumnPrivileges'),
})
