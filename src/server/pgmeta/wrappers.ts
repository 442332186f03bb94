/**
 * Foreign data: wrappers, servers (options without secrets), user mappings (never a password) and whether
 * postgres_fdw is available and installed. Foreign tables are listed by views.ts (GET /foreign-tables).
 */
import type { ForeignData, ForeignServer } from '../../shared/contract/pg-meta-wrappers'
import { POSTGRES_FDW, SECRET_OPTIONS } from '../../shared/contract/pg-meta-wrappers'
import type { Queryable } from '../db/driver'

/** key=value options, those whose key is a secret left out ($1: the secret keys) */
const publicOptions = (column: string) => `coalesce(array(select o from unnest(${column}) o where split_part(o, '=', 1) <> all($1::text[])), '{}')`

const WRAPPERS_SQL = `
select
  w.oid::int as id,
  w.fdwname as name,
  pg_get_userbyid(w.fdwowner) as owner,
  nullif(w.fdwhandler, 0)::regproc::text as handler,
  nullif(w.fdwvalidator, 0)::regproc::text as validator,
  (select e.extname from pg_depend d join pg_extension e on e.oid = d.refobjid
   where d.classid = 'pg_foreign_data_wrapper'::regclass and d.objid = w.oid and d.deptype = 'e' limit 1) as extension,
  ${publicOptions('w.fdwoptions')} as options
from pg_foreign_data_wrapper w
order by w.fdwname`

const SERVERS_SQL = `
select
  s.oid::int as id,
  s.srvname as name,
  w.fdwname as wrapper,
  pg_get_userbyid(s.srvowner) as owner,
  s.srvtype as type,
  s.srvversion as version,
  ${publicOptions('s.srvoptions')} as options,
  (select count(*)::int from pg_foreign_table ft where ft.ftserver = s.oid) as foreign_table_count
from pg_foreign_server s
join pg_foreign_data_wrapper w on w.oid = s.srvfdw
where ($2::text is null or s.srvname = $2)
order by s.srvname`

const USER_MAPPINGS_SQL = `
select m.srvname as server, m.usename as user, ${publicOptions('m.umoptions')} as options
from pg_user_mappings m
order by m.srvname, m.usename`

const FDW_SQL = `
select
  exists (select 1 from pg_available_extensions where name = $1) as available,
  exists (select 1 from pg_extension where extname = $1) as installed`

export async function postgresFdw(db: Queryable): Promise<ForeignData['postgres_fdw']> {
  return (await db.query<ForeignData['postgres_fdw']>(FDW_SQL, [POSTGRES_FDW])).rows[0]!
}

export async function findForeignServer(db: Queryable, name: string): Promise<ForeignServer | undefined> {
  return (await db.query<ForeignServer>(SERVERS_SQL, [SECRET_OPTIONS, name])).rows[0]
}

export async function foreignData(db: Queryable): Promise<ForeignData> {
  const secrets = [SECRET_OPTIONS]
  const wrappers = (await db.query<ForeignData['wrappers'][number]>(WRAPPERS_SQL, secrets)).rows
  const servers = (await db.query<ForeignServer>(SERVERS_SQL, [SECRET_OPTIONS, null])).rows
  const userMappings = (await db.query<ForeignData['user_mappings'][number]>(USER_MAPPINGS_SQL, secrets)).rows
  return { wrappers, servers, user_mappings: userMappings, postgres_fdw: await postgresFdw(db) }
}
