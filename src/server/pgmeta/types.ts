/**
 * Types (issue 15): listed like postgres-meta (enums with their values in order, composites with their
 * attributes; no array types, no tables' row types), enums created, changed and dropped. Names are quoted
 * identifiers, enum labels quoted literals.
 */
import type { z } from 'zod'
import { INTERNAL_SCHEMAS, isProtectedSchema } from '../../shared/constants'
import type { PgType, TypeCreateBody, TypeUpdateBody } from '../../shared/contract/pg-meta-types'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { Driver, Param, Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'

const INTERNAL = `array[${INTERNAL_SCHEMAS.map((s) => `'${s}'`).join(',')}]`

const typesSql = (where: string) => `
select
  t.oid::int as id,
  t.typname::text as name,
  n.nspname::text as schema,
  format_type(t.oid, null) as format,
  array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as enums,
  coalesce((
    select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int) order by a.attnum)
    from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
  ), '[]') as attributes,
  obj_description(t.oid, 'pg_type') as comment,
  nullif(t.typrelid, 0)::int as type_relation_id
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where (t.typrelid = 0 or (select c.relkind = 'c' from pg_class c where c.oid = t.typrelid))
  and not exists (select 1 from pg_type el where el.oid = t.typelem and el.typarray = t.oid)
  and ${where}
order by n.nspname, t.typname`

export interface TypeFilter {
  id?: number
  schema?: string
  enums_only?: boolean
}

/** The types of one schema (every schema but Postgres' own when none is named), or one by its oid. */
export async function listTypes(db: Queryable, filter: TypeFilter = {}): Promise<PgType[]> {
  const where: string[] = []
  const params: Param[] = []
  if (filter.id !== undefined) {
    params.push(filter.id)
    where.push(`t.oid = $${params.length}::oid`)
  }
  if (filter.schema !== undefined) {
    params.push(filter.schema)
    where.push(`n.nspname = $${params.length}`)
  }
  if (filter.enums_only) where.push(`t.typtype = 'e'`)
  if (filter.id === undefined && filter.schema === undefined) where.push(`n.nspname <> all(${INTERNAL}) and n.nspname not like 'pg\\_%'`)
  return (await db.query<PgType>(typesSql(where.join(' and ') || 'true'), params)).rows
}

export async function findType(db: Queryable, id: number): Promise<PgType> {
  const found = (await listTypes(db, { id }))[0]
  if (!found) throw notFound(MSG.typeNotFound(id))
  return found
}

/** The enum, refusing another kind of type (404, as this API changes enums only) and one of a platform schema. */
export async function findEnumToChange(db: Queryable, id: number): Promise<PgType> {
  const found = (await listTypes(db, { id, enums_only: true }))[0]
  if (!found) throw notFound(MSG.typeNotFound(id))
  if (isProtectedSchema(found.schema)) throw badRequest(MSG.typeProtectedSchema(found.schema))
  return found
}

/** CREATE TYPE … AS ENUM; the new type's oid. */
export async function createEnum(tx: Queryable, body: z.output<typeof TypeCreateBody>): Promise<number> {
  if (isProtectedSchema(body.schema)) throw badRequest(MSG.typeProtectedSchema(body.schema))
  await tx.query(`create type ${quoteQualified(body.schema, body.name)} as enum (${body.values.map(quoteLiteral).join(', ')})`)
  const { rows } = await tx.query<{ id: number }>(
    `select t.oid::int as id from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = $1 and t.typname = $2`,
    [body.schema, body.name],
  )
  return rows[0]?.id ?? 0
}

/**
 * The changes of a PATCH: the value's and the type's renames in one transaction, then the new value by
 * ALTER TYPE … ADD VALUE as a statement of its own (outside a transaction: older Postgres refuses it in one,
 * and a value added in a transaction cannot be used before it commits). Every name is checked first, so a
 * mistake changes nothing.
 */
export async function updateEnum(db: Driver, current: PgType, body: z.output<typeof TypeUpdateBody>): Promise<void> {
  const { name, rename_value: rename, add_value: add } = body
  // the values as they will be once renamed, to check the new value's place against
  const values = [...current.enums]
  if (rename) {
    const at = values.indexOf(rename.from)
    if (at < 0) throw badRequest(MSG.typeValueMissing(rename.from))
    if (rename.to !== rename.from && values.includes(rename.to)) throw badRequest(MSG.typeValueExists(rename.to))
    values[at] = rename.to
  }
  if (add) {
    if (values.includes(add.value)) throw badRequest(MSG.typeValueExists(add.value))
    const neighbour = add.before ?? add.after
    if (neighbour !== undefined && !values.includes(neighbour)) throw badRequest(MSG.typeValueMissing(neighbour))
  }
  let qualified = quoteQualified(current.schema, current.name)
  const renames: string[] = []
  if (rename && rename.to !== rename.from) renames.push(`alter type ${qualified} rename value ${quoteLiteral(rename.from)} to ${quoteLiteral(rename.to)}`)
  if (name !== undefined && name !== current.name) {
    renames.push(`alter type ${qualified} rename to ${quoteIdent(name)}`)
    qualified = quoteQualified(current.schema, name)
  }
  if (renames.length) {
    await db.transaction(async (tx) => {
      for (const sql of renames) await tx.query(sql)
    })
  }
  if (add) {
    const place = add.before !== undefined ? ` before ${quoteLiteral(add.before)}` : add.after !== undefined ? ` after ${quoteLiteral(add.after)}` : ''
    await db.query(`alter type ${qualified} add value ${quoteLiteral(add.value)}${place}`)
  }
}

export async function dropEnum(tx: Queryable, current: PgType, cascade = false): Promise<void> {
  await tx.query(`drop type ${quoteQualified(current.schema, current.name)}${cascade ? ' cascade' : ''}`)
}
