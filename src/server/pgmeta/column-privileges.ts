/**
 * GET/POST /platform/pg-meta/{ref}/column-privileges (src/shared/contract/column-privileges.ts): one
 * table's SELECT, INSERT and UPDATE grants of anon and authenticated, table-level (relacl) and per column
 * (attacl), with what each role can do on each column in the end (has_column_privilege); and a batch of
 * grants and revokes in one transaction. Reading needs tenant SQL admin read (the pg-meta hook); changing,
 * tenant SQL admin write, like the other DDL routes. Protected schemas are read-only; an unknown table is a
 * 404, an unknown column or a missing role a 400, and a refused batch changes nothing.
 */
import type { FastifyInstance } from 'fastify'
import {
  COLUMN_PRIVILEGE_ROLES, COLUMN_PRIVILEGES, columnPrivilegeStatements, columnPrivileges as e,
  type ColumnPrivilegeChange, type ColumnPrivilegesTable, type PrivilegesByRole,
} from '../../shared/contract/column-privileges'
import { isProtectedSchema } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import type { Driver, Queryable } from '../db/driver'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { findRelation, refuseProtected } from './relation'

const none = (): PrivilegesByRole => ({ anon: [], authenticated: [] })

/** Role × privilege pairs as the catalog answers them, into lists per role (in SELECT, INSERT, UPDATE order). */
function byRole(pairs: { role: string; privilege: string }[] | null): PrivilegesByRole {
  const out = none()
  for (const role of COLUMN_PRIVILEGE_ROLES) {
    out[role] = COLUMN_PRIVILEGES.filter((p) => (pairs ?? []).some((x) => x.role === role && x.privilege === p))
  }
  return out
}

const ROLES_CTE = `roles as (select oid, rolname from pg_roles where rolname = any($2::text[]))`
const PRIVS = `(values ('SELECT'), ('INSERT'), ('UPDATE')) as p(privilege)`

export async function readColumnPrivileges(db: Queryable, tableId: number): Promise<ColumnPrivilegesTable> {
  const relation = await findRelation(db, tableId)
  const roles = [...COLUMN_PRIVILEGE_ROLES]
  const table = (await db.query<{ grants: { role: string; privilege: string }[] | null; present: string[] | null }>(
    `with ${ROLES_CTE}
     select (select json_agg(json_build_object('role', r.rolname, 'privilege', x.privilege_type))
               from pg_class c, aclexplode(c.relacl) x join roles r on r.oid = x.grantee where c.oid = $1::oid) as grants,
            (select array_agg(rolname::text) from roles) as present`,
    [tableId, roles],
  )).rows[0]!
  const columns = (await db.query<{
    name: string; position: number; type: string
    grants: { role: string; privilege: string }[] | null
    effective: { role: string; privilege: string }[] | null
  }>(
    `with ${ROLES_CTE}
     select a.attname as name, a.attnum::int as position, format_type(a.atttypid, a.atttypmod) as type,
       (select json_agg(json_build_object('role', r.rolname, 'privilege', x.privilege_type))
          from aclexplode(a.attacl) x join roles r on r.oid = x.grantee) as grants,
       (select json_agg(json_build_object('role', r.rolname, 'privilege', p.privilege))
          from roles r, ${PRIVS} where has_column_privilege(r.oid, a.attrelid, a.attnum, p.privilege)) as effective
     from pg_attribute a
     where a.attrelid = $1::oid and a.attnum > 0 and not a.attisdropped
     order by a.attnum`,
    [tableId, roles],
  )).rows
  const present = table.present ?? []
  return {
    table: { id: relation.id, schema: relation.schema, name: relation.name, type: relation.type, protected: isProtectedSchema(relation.schema) },
    table_grants: byRole(table.grants),
    columns: columns.map((c) => ({ name: c.name, position: c.position, type: c.type, grants: byRole(c.grants), effective: byRole(c.effective) })),
    missing_roles: COLUMN_PRIVILEGE_ROLES.filter((r) => !present.includes(r)),
  }
}

/** Runs a batch on `tx` (a transaction): refuses a protected schema, a missing role or an unknown column before any statement. */
export async function applyColumnPrivileges(tx: Queryable, tableId: number, changes: readonly ColumnPrivilegeChange[]): Promise<string[]> {
  const before = await readColumnPrivileges(tx, tableId)
  refuseProtected(before.table.schema)
  const missing = before.missing_roles.find((r) => changes.some((c) => c.role === r))
  if (missing) throw badRequest(`The database has no role ${missing}`)
  const names = new Set(before.columns.map((c) => c.name))
  const unknown = changes.find((c) => c.column !== null && !names.has(c.column))
  if (unknown) throw badRequest(MSG.columnPrivilegesUnknownColumn(unknown.column!, `${before.table.schema}.${before.table.name}`))
  const statements = columnPrivilegeStatements(before.table, changes)
  for (const sql of statements) await tx.query(sql)
  return statements
}

export function columnPrivilegeRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change column privileges')) }

  route(app, e.columnPrivileges, ({ query }) => readColumnPrivileges(db, query.table_id))

  route(app, e.applyColumnPrivileges, write, async ({ body }) => {
    await db.transaction((tx) => applyColumnPrivileges(tx, body.table_id, body.changes))
    return readColumnPrivileges(db, body.table_id)
  })
}

