/**
 * Adding, changing and dropping columns: the column form of spec 3 as DDL, run inside the caller's
 * transaction. Types are looked up in the catalog and written as the catalog prints them; names and
 * literals go through quote.ts. Defaults and checks are SQL expressions by nature (spec 5): they are the
 * one user text placed in a statement, which the drivers send as a single statement.
 */
import type { z } from 'zod'
import type { Column } from '../../shared/api'
import type { ColumnCreateBody, ColumnUpdateBody, ForeignKeySpec } from '../../shared/api-edit'
import { MSG } from '../../shared/messages'
import type { Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import { columnsOf } from './columns'
import type { Relation } from './relation'

export type ColumnSpec = Omit<z.output<typeof ColumnCreateBody>, 'tableId'>
export type ColumnPatch = z.output<typeof ColumnUpdateBody>

const IDENTITY_TYPES = ['int2', 'int4', 'int8']

interface ResolvedType {
  /** as the catalog prints it, e.g. 'bigint', 'text[]', 'public.mood' */
  sql: string
  /** the element type's name, e.g. 'int8' */
  name: string
  isArray: boolean
}

const TYPE_SQL = `
select format_type(case when $2 then t.typarray else t.oid end, null) as sql, t.typname as name
from pg_type t
where t.oid = coalesce(
  to_regtype($1)::oid,
  (select u.oid from pg_type u join pg_namespace n on n.oid = u.typnamespace where u.typname = $1 and n.nspname = $3)
)`

/** 'int8', 'text[]', 'mood' (found in the table's schema too): the type as SQL; 400 when there is none. */
async function resolveType(db: Queryable, type: string, schema: string): Promise<ResolvedType> {
  const isArray = type.endsWith('[]')
  const element = isArray ? type.slice(0, -2).trim() : type
  const found = (await db.query<{ sql: string | null; name: string }>(TYPE_SQL, [element, isArray, schema])).rows[0]
  if (!found?.sql) throw badRequest(`Type "${type}" does not exist`)
  return { sql: found.sql, name: found.name, isArray }
}

function checkIdentity(type: Pick<ResolvedType, 'name' | 'isArray'>): void {
  if (type.isArray || !IDENTITY_TYPES.includes(type.name)) throw badRequest(MSG.identityIntegerOnly)
}

/** Spec 5: a function call or a parenthesised expression is an expression; anything else a literal. */
export function defaultSql(value: string, format?: 'expression' | 'literal'): string {
  const expression = format ? format === 'expression' : /^(\(.*\)|[\w.$"]+\s*\(.*\))$/s.test(value.trim())
  return expression ? value : quoteLiteral(value)
}

function references(fk: ForeignKeySpec): string {
  return `references ${quoteQualified(fk.targetTableSchema, fk.targetTableName)} (${quoteIdent(fk.targetColumnName)}) on delete ${fk.deletionAction}`
}

const relationSql = (table: Relation) => quoteQualified(table.schema, table.name)

async function primaryKey(db: Queryable, table: Relation): Promise<{ constraint: string | null; columns: string[] }> {
  const { rows } = await db.query<{ conname: string; columns: string[] }>(
    `select k.conname, array(
       select a.attname::text from unnest(k.conkey) with ordinality as u(attnum, position)
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.position
     ) as columns
     from pg_constraint k where k.conrelid = $1::oid and k.contype = 'p'`,
    [table.id],
  )
  return { constraint: rows[0]?.conname ?? null, columns: rows[0]?.columns ?? [] }
}

/** Makes `columns` the primary key (none when empty), replacing the one there is. */
async function setPrimaryKey(db: Queryable, table: Relation, columns: readonly string[]): Promise<void> {
  const current = await primaryKey(db, table)
  if (current.constraint) await db.query(`alter table ${relationSql(table)} drop constraint ${quoteIdent(current.constraint)}`)
  if (columns.length) await db.query(`alter table ${relationSql(table)} add primary key (${columns.map(quoteIdent).join(', ')})`)
}

async function setComment(db: Queryable, table: Relation, column: string, comment: string | null): Promise<void> {
  await db.query(`comment on column ${relationSql(table)}.${quoteIdent(column)} is ${comment ? quoteLiteral(comment) : 'null'}`)
}

/** Drops the constraints of these kinds ('u' unique, 'c' check, 'f' foreign key) on this one column alone. */
async function dropColumnConstraints(db: Queryable, table: Relation, attnum: number, kind: 'u' | 'c' | 'f'): Promise<void> {
  const { rows } = await db.query<{ conname: string }>(
    `select conname from pg_constraint where conrelid = $1::oid and contype = $2 and conkey = array[$3::int2]`,
    [table.id, kind, attnum],
  )
  for (const { conname } of rows) await db.query(`alter table ${relationSql(table)} drop constraint ${quoteIdent(conname)}`)
}

/** The column at this position, as the Column shape; 404 when there is none. */
export async function findColumnAt(db: Queryable, table: Relation, position: number): Promise<Column> {
  const column = (await columnsOf(db, [table.id])).get(table.id)?.find((c) => c.ordinal_position === position)
  if (!column) throw notFound(`Column ${table.id}.${position} not found`)
  return column
}

/** Adds a column as the create payload describes it; answers its position. */
export async function addColumn(db: Queryable, table: Relation, spec: ColumnSpec): Promise<number> {
  const type = await resolveType(db, spec.type, table.schema)
  if (spec.isIdentity) checkIdentity(type)
  const parts = [quoteIdent(spec.name), type.sql]
  if (spec.isIdentity) parts.push('generated by default as identity')
  if (spec.defaultValue) parts.push(`default ${defaultSql(spec.defaultValue, spec.defaultValueFormat)}`)
  if (spec.isNullable === false) parts.push('not null')
  if (spec.isUnique) parts.push('unique')
  if (spec.check) parts.push(`check (${spec.check})`)
  if (spec.foreignKey) parts.push(references(spec.foreignKey))
  await db.query(`alter table ${relationSql(table)} add column ${parts.join(' ')}`)
  if (spec.isPrimaryKey) await setPrimaryKey(db, table, [...(await primaryKey(db, table)).columns, spec.name])
  if (spec.comment) await setComment(db, table, spec.name, spec.comment)
  const { rows } = await db.query<{ attnum: number }>(
    `select attnum::int4 from pg_attribute where attrelid = $1::oid and attname = $2`,
    [table.id, spec.name],
  )
  return rows[0]?.attnum ?? 0
}

/** Applies only the fields the patch gives, in an order that lets them combine (rename first). */
export async function updateColumn(db: Queryable, table: Relation, column: Column, patch: ColumnPatch): Promise<void> {
  const name = patch.name ?? column.name
  const alter = (change: string) => db.query(`alter table ${relationSql(table)} alter column ${quoteIdent(name)} ${change}`)
  if (name !== column.name) {
    await db.query(`alter table ${relationSql(table)} rename column ${quoteIdent(column.name)} to ${quoteIdent(name)}`)
  }
  const type = patch.type === undefined ? undefined : await resolveType(db, patch.type, table.schema)
  if (type) await alter(`type ${type.sql} using ${quoteIdent(name)}::${type.sql}`)
  if (patch.isIdentity === true && !column.is_identity) {
    checkIdentity(type ?? { name: column.format.replace(/^_/, ''), isArray: column.data_type === 'ARRAY' })
    await alter('drop default')
    await alter('set not null')
    await alter('add generated by default as identity')
  } else if (patch.isIdentity === false && column.is_identity) {
    await alter('drop identity')
  }
  if (patch.defaultValue !== undefined && !patch.isIdentity) {
    await alter(patch.defaultValue ? `set default ${defaultSql(patch.defaultValue, patch.defaultValueFormat)}` : 'drop default')
  }
  // The key before nullability: a column leaves the key before it may hold NULL.
  const key = await primaryKey(db, table)
  if (patch.isPrimaryKey !== key.columns.includes(name)) {
    await setPrimaryKey(db, table, patch.isPrimaryKey ? [...key.columns, name] : key.columns.filter((c) => c !== name))
  }
  if (patch.isNullable !== undefined) await alter(patch.isNullable ? 'drop not null' : 'set not null')
  if (patch.isUnique === true && !column.is_unique) {
    await db.query(`alter table ${relationSql(table)} add unique (${quoteIdent(name)})`)
  } else if (patch.isUnique === false) {
    await dropColumnConstraints(db, table, column.ordinal_position, 'u')
  }
  if (patch.check !== undefined) {
    await dropColumnConstraints(db, table, column.ordinal_position, 'c')
    if (patch.check) await db.query(`alter table ${relationSql(table)} add check (${patch.check})`)
  }
  if (patch.foreignKey !== undefined) {
    await dropColumnConstraints(db, table, column.ordinal_position, 'f')
    if (patch.foreignKey) {
      await db.query(`alter table ${relationSql(table)} add foreign key (${quoteIdent(name)}) ${references(patch.foreignKey)}`)
    }
  }
  if (patch.comment !== undefined) await setComment(db, table, name, patch.comment)
}

export async function dropColumn(db: Queryable, table: Relation, column: Column, cascade: boolean): Promise<void> {
  await db.query(`alter table ${relationSql(table)} drop column ${quoteIdent(column.name)}${cascade ? ' cascade' : ''}`)
}
