/** Extensions available to the database, with the installed version when installed. */
import type { Extension } from '../../shared/api'
import type { Queryable } from '../db/driver'

const EXTENSIONS_SQL = `
select a.name, n.nspname as schema, a.default_version, a.installed_version, a.comment
from pg_available_extensions a
left join pg_extension e on e.extname = a.name
left join pg_namespace n on n.oid = e.extnamespace
where ($1::text is null or a.name = $1)
order by a.name`

export async function listExtensions(db: Queryable): Promise<Extension[]> {
  return (await db.query<Extension>(EXTENSIONS_SQL, [null])).rows
}

/** One extension by name, or undefined when the database does not offer it. */
export async function findExtension(db: Queryable, name: string): Promise<Extension | undefined> {
  return (await db.query<Extension>(EXTENSIONS_SQL, [name])).rows[0]
}
