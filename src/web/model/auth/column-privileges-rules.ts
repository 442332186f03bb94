/**
 * The Column privileges page's pure rules. What the page shows is the table's grants as the database has
 * them with the person's staged changes over them (Staged: the wanted table-level and column-level grants
 * that differ from the database's); the batch to apply is derived from the two, knowing that a
 * table-level REVOKE also drops the column grants, so a column that should stay granted is granted again.
 */
import {
  COLUMN_PRIVILEGE_ROLES, COLUMN_PRIVILEGES, type ColumnPrivilege, type ColumnPrivilegeChange, type ColumnPrivilegeRole,
  type ColumnPrivilegesTable,
} from '../../../shared/contract/column-privileges'
import { MSG } from '../../../shared/messages'

export interface Staged {
  /** wanted table-level grant, by tableKey(role, privilege) */
  table: Record<string, boolean>
  /** wanted column grant, by columnKey(role, privilege, column) */
  columns: Record<string, boolean>
}

export const tableKey = (role: ColumnPrivilegeRole, privilege: ColumnPrivilege) => `${role}|${privilege}`
export const columnKey = (role: ColumnPrivilegeRole, privilege: ColumnPrivilege, column: string) => `${role}|${privilege}|${column}`

export const ROLE_LABELS: Record<ColumnPrivilegeRole, string> = { anon: 'anon', authenticated: 'authenticated' }
export const PRIVILEGE_HINTS: Record<ColumnPrivilege, string> = {
  SELECT: 'read the column',
  INSERT: 'give the column a value in new rows',
  UPDATE: 'change the column in existing rows',
}

const serverTable = (t: ColumnPrivilegesTable, role: ColumnPrivilegeRole, privilege: ColumnPrivilege) => t.table_grants[role].includes(privilege)
const serverColumn = (t: ColumnPrivilegesTable, role: ColumnPrivilegeRole, privilege: ColumnPrivilege, column: string) =>
  t.columns.find((c) => c.name === column)?.grants[role].includes(privilege) ?? false

export const wantsTable = (t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege): boolean =>
  s.table[tableKey(role, privilege)] ?? serverTable(t, role, privilege)

export const wantsColumn = (t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege, column: string): boolean =>
  s.columns[columnKey(role, privilege, column)] ?? serverColumn(t, role, privilege, column)

/** One cell of the matrix: covered by a table-level grant, granted on the column, or not; staged when it differs from the database. */
export interface CellView {
  state: 'table' | 'column' | 'none'
  staged: boolean
  /** not granted here, yet the role can (through PUBLIC or a role it is a member of) */
  inherited: boolean
}

export function cellView(t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege, column: string): CellView {
  const state = wantsTable(t, s, role, privilege) ? 'table' : wantsColumn(t, s, role, privilege, column) ? 'column' : 'none'
  const was = serverTable(t, role, privilege) ? 'table' : serverColumn(t, role, privilege, column) ? 'column' : 'none'
  const effective = t.columns.find((c) => c.name === column)?.effective[role].includes(privilege) ?? false
  return { state, staged: state !== was, inherited: state === 'none' && was === 'none' && effective }
}

/** The batch that turns the database's grants into the staged ones. */
export function changesOf(t: ColumnPrivilegesTable, s: Staged): ColumnPrivilegeChange[] {
  const changes: ColumnPrivilegeChange[] = []
  for (const role of COLUMN_PRIVILEGE_ROLES) {
    for (const privilege of COLUMN_PRIVILEGES) {
      const had = serverTable(t, role, privilege)
      const wants = wantsTable(t, s, role, privilege)
      if (had && !wants) changes.push({ action: 'revoke', role, privilege, column: null })
      if (!had && wants) changes.push({ action: 'grant', role, privilege, column: null })
      // a table-level revoke drops every column grant of the privilege too
      const dropped = had && !wants
      for (const column of t.columns) {
        const before = dropped ? false : serverColumn(t, role, privilege, column.name)
        const after = wantsColumn(t, s, role, privilege, column.name)
        if (after && !before) changes.push({ action: 'grant', role, privilege, column: column.name })
        if (!after && before) changes.push({ action: 'revoke', role, privilege, column: column.name })
      }
    }
  }
  return changes
}

/** Why a column's grant cannot be changed by itself: a table-level grant covers it. */
export function columnChangeRefusal(t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege): string | null {
  return wantsTable(t, s, role, privilege) ? MSG.columnPrivilegesTableLevel(role, privilege) : null
}

/** Staged after wanting a column grant (or not): kept only where it differs from the database. */
export function stageColumn(t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege, column: string, want: boolean): void {
  const key = columnKey(role, privilege, column)
  if (want === serverColumn(t, role, privilege, column)) delete s.columns[key]
  else s.columns[key] = want
}

export function stageTable(t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege, want: boolean): void {
  const key = tableKey(role, privilege)
  if (want === serverTable(t, role, privilege)) delete s.table[key]
  else s.table[key] = want
}

/** The switch from a table-level grant to column-level ones: the table-level grant revoked, the chosen columns granted. */
export function stageSwitch(t: ColumnPrivilegesTable, s: Staged, role: ColumnPrivilegeRole, privilege: ColumnPrivilege, columns: readonly string[]): void {
  stageTable(t, s, role, privilege, false)
  // (a column grant the database has is dropped by the revoke: changesOf grants it again when still wanted)
  for (const c of t.columns) stageColumn(t, s, role, privilege, c.name, columns.includes(c.name))
}
