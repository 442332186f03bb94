/**
 * Row-level-security policies read from pg_policy (spec 3 and 7), the checks a policy change passes first,
 * and creating or dropping one inside the caller's transaction.
 */
import type { z } from 'zod'
import { MSG } from '../../shared/messages'
import { PUBLIC_ROLE, isPolicyRoleChoice, type Policy, type PolicyCreateBody } from '../../shared/policies'
import { createPolicySql, dropPolicySql } from '../../shared/policy-sql'
import type { Param, Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { schemaCondition, type SchemaFilter } from './schemas'

/** One row per policy, as pg_policies shows it: roles by name (sorted), public when none is named. */
const policiesSql = (where: string) => `
select
  pol.oid as id,
  pol.polname as name,
  n.nspname as schema,
  c.relname as "table",
  c.oid as table_id,
  case when pol.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end as action,
  case pol.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as command,
  pg_get_expr(pol.polqual, pol.polrelid) as definition,
  pg_get_expr(pol.polwithcheck, pol.polrelid) as "check",
  case when pol.polroles = '{0}'::oid[] then array['${PUBLIC_ROLE}']::text[]
    else array(select r.rolname::text from pg_roles r where r.oid = any(pol.polroles) order by r.rolname) end as roles
from pg_policy pol
join pg_class c on c.oid = pol.polrelid
join pg_namespace n on n.oid = c.relnamespace
where ${where}
order by n.nspname, c.relname, pol.polname`

export async function listPolicies(db: Queryable, filter: SchemaFilter): Promise<Policy[]> {
  const schemas = schemaCondition(filter)
  return (await db.query<Policy>(policiesSql(schemas.sql), schemas.params)).rows
}

async function onePolicy(db: Queryable, where: string, params: Param[]): Promise<Policy | undefined> {
  return (await db.query<Policy>(policiesSql(where), params)).rows[0]
}

export async function readPolicy(db: Queryable, id: number): Promise<Policy> {
  const policy = await onePolicy(db, 'pol.oid = $1::oid', [id])
  if (!policy) throw notFound(MSG.policyNotFound(id))
  return policy
}

/**
 * The policy named `name` on table `tableId` (after a create, or an update that re-created or renamed it).
 * As a name, `name` is cut to 63 bytes the way Postgres cut the identifier.
 */
export async function readPolicyNamed(db: Queryable, tableId: number, name: string): Promise<Policy> {
  const policy = await onePolicy(db, 'pol.polrelid = $1::oid and pol.polname = $2::name', [tableId, name])
  if (!policy) throw notFound(`Policy "${name}" not found`)
  return policy
}

/** The oid of the table (plain or partitioned) schema.name a policy goes on: 404 when there is none. */
async function policyTableId(db: Queryable, schema: string, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `select c.oid as id from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [schema, name],
  )
  if (!rows[0]) throw notFound(MSG.policyTableNotFound(`${schema}.${name}`))
  return rows[0].id
}

/** Each role exists and may be given a policy (spec 5); 'public' stands for none. 400 otherwise. */
export async function checkPolicyRoles(db: Queryable, roles: readonly string[]): Promise<void> {
  const named = [...new Set(roles.filter((r) => r !== PUBLIC_ROLE))]
  if (!named.length) return
  const { rows } = await db.query<{ name: string }>('select rolname::text as name from pg_roles where rolname = any($1::text[])', [named])
  const existing = new Set(rows.map((r) => r.name))
  for (const role of named) {
    if (!existing.has(role)) throw badRequest(MSG.policyRoleMissing(role))
    if (!isPolicyRoleChoice(role)) throw badRequest(MSG.policyRoleReserved(role))
  }
}

/** Creates the policy (its table must exist, its roles be choosable) and answers it as Postgres now holds it. */
export async function createPolicy(tx: Queryable, body: z.output<typeof PolicyCreateBody>): Promise<Policy> {
  const tableId = await policyTableId(tx, body.schema, body.table)
  await checkPolicyRoles(tx, body.roles)
  await tx.query(createPolicySql(body))
  return readPolicyNamed(tx, tableId, body.name)
}

/** Drops the policy `id` (404 when there is none) and answers it as it was. */
export async function dropPolicy(tx: Queryable, id: number): Promise<Policy> {
  const policy = await readPolicy(tx, id)
  await tx.query(dropPolicySql(policy))
  return policy
}
