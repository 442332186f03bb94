/**
 * The bodies of auth-column-privileges.ts's commands: the schema and table in the URL, the staged changes
 * in model/auth/column-privileges-state (over the table's grants read fresh from the database), and the
 * batch derived from them applied in one transaction.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import { shownTableId, type CellArgs, type GrantArgs, type PickTableArgs, type SetSchemaArgs, type SwitchArgs } from './auth-column-privileges'
import type { CommandContext } from '../src/web/model/app/context'
import { columnPrivilegeStatements, type ColumnPrivilegesTable } from '../src/shared/contract/column-privileges'
import { MSG } from '../src/shared/messages'
import { applyColumnPrivilegeChanges, readColumnPrivileges } from '../src/web/model/auth/column-privileges-data'
import {
  cellView, changesOf, columnChangeRefusal, stageColumn, stageSwitch, stageTable,
} from '../src/web/model/auth/column-privileges-rules'
import { clearStaged, stagedFor } from '../src/web/model/auth/column-privileges-state'

/** The table shown, read fresh, and its staged changes. */
async function shown(ctx: CommandContext, fresh = false) {
  const id = shownTableId(ctx)
  if (id === undefined) throw new CommandError('Pick a table first', 'disabled')
  const table = await readColumnPrivileges(ctx.queryClient, ctx.api, ctx.ref, id, fresh)
  return { table, staged: stagedFor(id) }
}

/** The table shown, refusing a protected one and an unknown column. */
async function changeable(ctx: CommandContext, column?: string) {
  const { table, staged } = await shown(ctx)
  if (table.table.protected) throw new CommandError(MSG.protectedSchema(table.table.schema), 'disabled')
  if (column !== undefined && !table.columns.some((c) => c.name === column)) {
    throw new CommandError(MSG.columnPrivilegesUnknownColumn(column, `${table.table.schema}.${table.table.name}`), 'invalid-args')
  }
  return { table, staged }
}

export const setSchema = (ctx: CommandContext, { schema }: z.infer<typeof SetSchemaArgs>) =>
  ctx.navigate({ search: (prev) => ({ ...prev, schema, table: undefined }), replace: true })

export const pickTable = async (ctx: CommandContext, { tableId }: z.infer<typeof PickTableArgs>) => {
  const table = await readColumnPrivileges(ctx.queryClient, ctx.api, ctx.ref, tableId, true)
  stagedFor(tableId)
  await ctx.navigate({ search: (prev) => ({ ...prev, schema: table.table.schema, table: tableId }), replace: true })
  return table
}

function setColumn(table: ColumnPrivilegesTable, staged: ReturnType<typeof stagedFor>, { role, privilege, column }: z.infer<typeof CellArgs>, want: boolean) {
  const refusal = columnChangeRefusal(table, staged, role, privilege)
  if (refusal) throw new CommandError(refusal, 'invalid-args')
  stageColumn(table, staged, role, privilege, column, want)
  return cellView(table, staged, role, privilege, column)
}

export const toggleColumnPrivilege = async (ctx: CommandContext, args: z.infer<typeof CellArgs>) => {
  const { table, staged } = await changeable(ctx, args.column)
  const now = cellView(table, staged, args.role, args.privilege, args.column)
  return setColumn(table, staged, args, now.state === 'none')
}

async function grantOrRevoke(ctx: CommandContext, { role, privilege, column }: z.infer<typeof GrantArgs>, want: boolean) {
  const { table, staged } = await changeable(ctx, column)
  if (column === undefined) {
    stageTable(table, staged, role, privilege, want)
    return changesOf(table, staged).length
  }
  setColumn(table, staged, { role, privilege, column }, want)
  return changesOf(table, staged).length
}

export const grantColumnPrivilege = (ctx: CommandContext, args: z.infer<typeof GrantArgs>) => grantOrRevoke(ctx, args, true)
export const revokeColumnPrivilege = (ctx: CommandContext, args: z.infer<typeof GrantArgs>) => grantOrRevoke(ctx, args, false)

export const switchToColumnLevel = async (ctx: CommandContext, { role, privilege }: z.infer<typeof SwitchArgs>) => {
  const { table, staged } = await changeable(ctx)
  if (!table.table_grants[role].includes(privilege) || staged.table[`${role}|${privilege}`] === false) {
    throw new CommandError(`${role} has no table-level ${privilege} on ${table.table.schema}.${table.table.name}`, 'invalid-args')
  }
  const sure = await ctx.confirm({
    title: `Switch ${privilege} of ${role} to column-level`,
    description:
      `The table-level ${privilege} grant of ${role} is revoked and ${privilege} is granted on every column instead, ` +
      'so nothing changes until you turn columns off. Nothing is run until you apply the changes.',
    confirmLabel: 'Switch to column-level',
  })
  if (!sure) return false
  stageSwitch(table, staged, role, privilege, table.columns.map((c) => c.name))
  return true
}

export const applyColumnPrivileges = async (ctx: CommandContext) => {
  const { table, staged } = await changeable(ctx)
  const changes = changesOf(table, staged)
  if (changes.length === 0) {
    clearStaged()
    throw new CommandError(MSG.columnPrivilegesNoChanges, 'disabled')
  }
  const statements = columnPrivilegeStatements(table.table, changes)
  const after = await applyColumnPrivilegeChanges(ctx.queryClient, ctx.api, ctx.ref, table.table.id, changes)
  clearStaged()
  ctx.toast.success(`Applied ${statements.length} ${statements.length === 1 ? 'statement' : 'statements'} to ${table.table.schema}.${table.table.name}`)
  return after
}

export const discardColumnPrivileges = () => {
  clearStaged()
}

export const refreshColumnPrivileges = async (ctx: CommandContext) => (await shown(ctx, true)).table
