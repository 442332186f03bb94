/** Database roles and their capability flags. */
import type { Role } from '../../shared/api'
import type { Queryable } from '../db/driver'

const ROLES_SQL = `
select
  oid as id,
  rolname as name,
  rolsuper as is_superuser,
  rolcreaterole as can_create_role,
  rolcreatedb as can_create_db,
  rolcanlogin as can_login,
  rolreplication as is_replication_role,
  rolbypassrls as can_bypass_rls,
  rolconnlimit as connection_limit,
  rolvaliduntil as valid_until,
  rolconfig as config
from pg_roles
order by rolname`

export async function listRoles(db: Queryable): Promise<Role[]> {
  return (await db.query<Role>(ROLES_SQL)).rows
}

/** One role by its oid, or undefined. */
export async function findRole(db: Queryable, id: number): Promise<Role | undefined> {
  const sql = ROLES_SQL.replace('from pg_roles', 'from pg_roles where oid = $1::oid')
  return (await db.query<Role>(sql, [id])).rows[0]
}
