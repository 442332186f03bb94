/**
 * Authentication → Column privileges (ALPHA): column-level SELECT, INSERT and UPDATE grants of the roles
 * anon and authenticated on one table, read from the catalog (pg_class.relacl for the table-level grants,
 * pg_attribute.attacl for the column-level ones, has_column_privilege for what each role can do in the
 * end, PUBLIC and role membership included), and changed as one batch in one transaction. The statements
 * are built here, so the page shows the exact SQL the server runs.
 */
import { z } from 'zod'
import { MSG } from '../messages'
import { quoteIdent, quoteQualified } from '../sql-quote'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

export const COLUMN_PRIVILEGE_ROLES = ['anon', 'authenticated'] as const
export type ColumnPrivilegeRole = (typeof COLUMN_PRIVILEGE_ROLES)[number]
export const COLUMN_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE'] as const
export type ColumnPrivilege = (typeof COLUMN_PRIVILEGES)[number]

export type PrivilegesByRole = Record<ColumnPrivilegeRole, ColumnPrivilege[]>

export interface ColumnPrivilegesColumn {
  name: string
  /** attnum */
  position: number
  /** format_type: 'text', 'character varying(20)'… */
  type: string
  /** granted on this column itself (attacl) */
  grants: PrivilegesByRole
  /** what the role can do on the column in the end (has_column_privilege: table-level, column-level, PUBLIC, membership) */
  effective: PrivilegesByRole
}

export interface ColumnPrivilegesTable {
  table: { id: number; schema: string; name: string; type: string; protected: boolean }
  /** granted on the whole table (relacl): covers every column */
  table_grants: PrivilegesByRole
  columns: ColumnPrivilegesColumn[]
  /** anon or authenticated when the database has no such role */
  missing_roles: ColumnPrivilegeRole[]
}

export const ColumnPrivilegesQuery = z.object({ table_id: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table') })

export const ColumnPrivilegeChange = z.object({
  action: z.enum(['grant', 'revoke']),
  role: z.enum(COLUMN_PRIVILEGE_ROLES, { error: MSG.columnPrivilegesRole }),
  privilege: z.enum(COLUMN_PRIVILEGES, { error: 'The privilege is SELECT, INSERT or UPDATE' }),
  /** null: the whole table */
  column: z.string().min(1).max(128).nullable(),
})
export type ColumnPrivilegeChange = z.output<typeof ColumnPrivilegeChange>

export const ColumnPrivilegesBody = z.object({
  table_id: z.number({ error: 'Pick a table' }).int().positive('Pick a table'),
  changes: z.array(ColumnPrivilegeChange).min(1, MSG.columnPrivilegesNoChanges).max(20_000),
})
export type ColumnPrivilegesBody = z.input<typeof ColumnPrivilegesBody>

/** The order a batch runs in: a table-level REVOKE also revokes the column grants, so it goes first and the column grants last. */
const RANK = (c: ColumnPrivilegeChange): number =>
  c.action === 'revoke' ? (c.column === null ? 0 : 1) : c.column === null ? 2 : 3

/**
 * The statements of a batch, in the order they run: table-level revokes, column revokes, table-level
 * grants, column grants; the column ones grouped per role, privilege and action, each column once.
 */
export function columnPrivilegeStatements(table: { schema: string; name: string }, changes: readonly ColumnPrivilegeChange[]): string[] {
  const on = quoteQualified(table.schema, table.name)
  const groups = new Map<string, { change: ColumnPrivilegeChange; columns: string[] }>()
  for (const change of [...changes].sort((a, b) => RANK(a) - RANK(b))) {
    const key = `${change.column === null ? 'table' : 'column'}|${change.action}|${change.role}|${change.privilege}`
    const group = groups.get(key) ?? { change, columns: [] }
    if (change.column !== null && !group.columns.includes(change.column)) group.columns.push(change.column)
    groups.set(key, group)
  }
  return [...groups.values()].map(({ change: { action, role, privilege, column }, columns }) => {
    const what = column === null ? privilege : `${privilege} (${columns.map(quoteIdent).join(', ')})`
    return action === 'grant' ? `grant ${what} on table ${on} to ${quoteIdent(role)};` : `revoke ${what} on table ${on} from ${quoteIdent(role)};`
  })
}

export const columnPrivileges = {
  columnPrivileges: endpoint({ method: 'GET', path: `${PG_META}/column-privileges`, query: ColumnPrivilegesQuery, response: type<ColumnPrivilegesTable>() }),
  /** the batch in one transaction; answers the table's privileges after */
  applyColumnPrivileges: endpoint({ method: 'POST', path: `${PG_META}/column-privileges`, body: ColumnPrivilegesBody, response: type<ColumnPrivilegesTable>() }),
}
