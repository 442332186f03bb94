/** Database roles and their capability flags. */
import type { Role } from '../../shared/api'
import type { Queryable } from '../db/driver'
import { notFound } from '../errors'

const rolesSql = (where = '') => `
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
from pg_roles ${where}
order by rolname`

export async function listRoles(db: Queryable): Promise<Role[]> {
  return (await db.query<Role>(rolesSql())).rows
}

/** One role by its oid; 404 when there is none. */
export async function findRole(db: Queryable, id: number): Promise<Role> {
  const role = (await db.query<Role>(rolesSql('where oid = $1::oid'), [id])).rows[0]
  if (!role) throw notFound(`Role ${id} not found`)
  return role
}
