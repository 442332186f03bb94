/**
 * Creating, changing and dropping database roles, inside the caller's transaction. Only the grantable
 * flags (LOGIN, CREATEROLE, CREATEDB) and the name can be set; protected roles and superusers are refused.
 */
import type { z } from 'zod'
import type { Role } from '../../shared/api'
import { roleReadonlyReason, type GrantableRoleFlag, type RoleCreateBody, type RoleUpdateBody } from '../../shared/roles'
import { quoteIdent, quoteLiteral } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { badRequest } from '../errors'
import { MSG } from '../../shared/messages'
import { findRole } from './roles'
import { scramVerifier } from './scram'

const KEYWORDS: Record<GrantableRoleFlag, [on: string, off: string]> = {
  can_login: ['login', 'nologin'],
  can_create_role: ['createrole', 'nocreaterole'],
  can_create_db: ['createdb', 'nocreatedb'],
}

/** The role options for the flags given (the ones left out are not mentioned). */
function flagOptions(flags: Partial<Record<GrantableRoleFlag, boolean | undefined>>): string[] {
  return (Object.keys(KEYWORDS) as GrantableRoleFlag[]).flatMap((flag) => {
    const value = flags[flag]
    return value === undefined ? [] : [KEYWORDS[flag][value ? 0 : 1]]
  })
}

/** The role, refusing an unknown id (404) and one the dashboard may not change (400). */
export async function findRoleToChange(db: Queryable, id: number): Promise<Role> {
  const role = await findRole(db, id)
  const reason = roleReadonlyReason(role)
  if (reason) throw badRequest(reason)
  return role
}

/** Creates the role; its oid. A password is set (as a SCRAM verifier when it can be) but never answered back. */
export async function createRole(db: Queryable, body: z.output<typeof RoleCreateBody>): Promise<number> {
  const { name, password, ...flags } = body
  const options = flagOptions({ can_login: false, can_create_role: false, can_create_db: false, ...flags })
  // the verifier, not the password, goes into the statement (and so into any statement log)
  if (password !== undefined) options.push(`password ${quoteLiteral(scramVerifier(password) ?? password)}`)
  await db.query(`create role ${quoteIdent(name)} with ${options.join(' ')}`)
  const { rows } = await db.query<{ oid: number }>('select oid from pg_roles where rolname = $1', [name])
  return rows[0]?.oid ?? 0
}

export async function updateRole(db: Queryable, role: Role, body: z.output<typeof RoleUpdateBody>): Promise<void> {
  const { name, ...flags } = body
  const options = flagOptions(flags)
  if (options.length) await db.query(`alter role ${quoteIdent(role.name)} with ${options.join(' ')}`)
  if (name !== undefined && name !== role.name) await db.query(`alter role ${quoteIdent(role.name)} rename to ${quoteIdent(name)}`)
}

/** How many of the objects that hold on to a role a refusal names; the rest are counted. */
export const DEPENDENTS_SHOWN = 5

/**
 * What holds on to the role (pg_shdepend): the objects it owns, has privileges on, or is a policy's target
 * of, in Postgres' words ('owner of table public.notes'), the first DEPENDENTS_SHOWN of this database (and
 * shared ones) by name, schema-qualified, and how many there are in all (other databases' counted, not named).
 */
async function roleDependents(db: Queryable, role: Role): Promise<{ shown: string[]; total: number }> {
  const { rows } = await db.query<{ shown: string[]; total: number }>(
    `with deps as (
       select d.classid, d.objid, d.objsubid, d.deptype,
         d.dbid = 0 or d.dbid = (select oid from pg_database where datname = current_database()) as here
       from pg_shdepend d
       where d.refclassid = 'pg_authid'::regclass and d.refobjid = $1::oid and d.deptype <> 'p'
     )
     select (select count(*)::int from deps) as total,
       array(
         select what from (
           select case deptype when 'o' then 'owner of ' when 'a' then 'privileges for ' when 'r' then 'target of '
             when 'i' then 'initial privileges for ' else '' end || o.type || ' ' || o.identity as what
           from deps, pg_identify_object(classid, objid, objsubid) o where here
         ) described order by what limit ${DEPENDENTS_SHOWN}
       ) as shown`,
    [role.id],
  )
  return rows[0] ?? { shown: [], total: 0 }
}

/** Drops the role; one that still owns objects or holds privileges is refused, naming them. */
export async function dropRole(db: Queryable, role: Role): Promise<void> {
  const { shown, total } = await roleDependents(db, role)
  if (total > 0) throw badRequest(MSG.roleHasDependents(role.name, shown, total - shown.length))
  await db.query(`drop role ${quoteIdent(role.name)}`)
}
