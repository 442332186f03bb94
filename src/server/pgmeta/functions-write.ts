/**
 * Creating, changing and dropping functions, inside the caller's transaction. Names are quoted, the body
 * is dollar-quoted with a tag it does not hold, types and the return type are SQL text the database
 * parses (as postgres-meta takes them), SET values are literals.
 */
import type { z } from 'zod'
import type { FunctionArgInput, FunctionCreateBody, FunctionUpdateBody, PgFunction } from '../../shared/contract/pg-meta-functions'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { findFunction } from './functions'

type Arg = z.output<typeof FunctionArgInput>
type Create = z.output<typeof FunctionCreateBody>

/** $fn$…$fn$, or $fn1$…, whichever tag the body does not hold. */
export function dollarQuote(body: string): string {
  let tag = 'fn'
  for (let i = 1; body.includes(`$${tag}$`); i++) tag = `fn${i}`
  return `$${tag}$${body}$${tag}$`
}

function argSql(arg: Arg): string {
  const parts = [arg.mode === 'in' ? '' : arg.mode, arg.name ? quoteIdent(arg.name) : '', arg.type]
  const head = parts.filter(Boolean).join(' ')
  return arg.default ? `${head} default ${arg.default}` : head
}

/** `set search_path to 'public', 'extensions'`: a list parameter is given as a list of literals. */
function configSql(config: Record<string, string> | null | undefined): string[] {
  return Object.entries(config ?? {}).map(([key, value]) => {
    const items = key === 'search_path' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value]
    return `set ${key} to ${items.length ? items.map(quoteLiteral).join(', ') : "''"}`
  })
}

/** CREATE [OR REPLACE] FUNCTION … with the signature text given (arguments and return type as written). */
function createSql(fn: Omit<Create, 'args'> & { argsSql: string }, replace: boolean): string {
  return [
    `create ${replace ? 'or replace ' : ''}function ${quoteQualified(fn.schema, fn.name)}(${fn.argsSql})`,
    `returns ${fn.return_type}`,
    `language ${quoteIdent(fn.language)}`,
    fn.behavior.toLowerCase(),
    fn.security_definer ? 'security definer' : 'security invoker',
    ...configSql(fn.config_params),
    `as ${dollarQuote(fn.definition)}`,
  ].join('\n')
}

/** The oid of the function a statement just made or changed: by schema, name and input argument types. */
async function oidOf(db: Queryable, schema: string, name: string, args: readonly Arg[]): Promise<number> {
  const types = args.filter((a) => a.mode !== 'out').map((a) => a.type)
  const { rows } = await db.query<{ oid: number }>(
    `select p.oid from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and p.proname = $2
       and array_to_string(p.proargtypes::oid[], ',') = array_to_string(array(select t::regtype::oid from unnest($3::text[]) with ordinality as u(t, i) order by i), ',')`,
    [schema, name, types],
  )
  return rows[0]?.oid ?? 0
}

/** The input argument types' oids as the database resolves them (an unknown type fails with its message). */
async function inputTypeOids(db: Queryable, args: readonly Arg[]): Promise<number[]> {
  const types = args.filter((a) => a.mode !== 'out').map((a) => a.type)
  const { rows } = await db.query<{ oids: number[] }>(
    `select array(select t::regtype::oid from unnest($1::text[]) with ordinality as u(t, i) order by i) as oids`,
    [types],
  )
  return rows[0]?.oids ?? []
}

export async function createFunction(db: Queryable, body: Create): Promise<number> {
  await db.query(createSql({ ...body, argsSql: body.args.map(argSql).join(', ') }, false))
  return oidOf(db, body.schema, body.name, body.args)
}

const drop = (fn: PgFunction, cascade = false) =>
  `drop function ${quoteQualified(fn.schema, fn.name)}(${fn.identity_argument_types})${cascade ? ' cascade' : ''}`

/**
 * Changes the function; its oid afterwards (a new one when it had to be dropped and made again). The same
 * input argument types: CREATE OR REPLACE, then a rename and a move; when Postgres refuses to replace it (a
 * new return type, renamed or fewer defaults) or the argument types change: DROP and CREATE under the new
 * name, all in the caller's transaction.
 */
export async function updateFunction(db: Queryable, fn: PgFunction, body: z.output<typeof FunctionUpdateBody>): Promise<number> {
  const target: Omit<Create, 'args'> = {
    name: body.name ?? fn.name,
    schema: body.schema ?? fn.schema,
    definition: body.definition ?? fn.definition,
    return_type: body.return_type ?? fn.return_type,
    language: body.language ?? fn.language,
    behavior: body.behavior ?? fn.behavior,
    security_definer: body.security_definer ?? fn.security_definer,
    config_params: body.config_params === undefined ? fn.config_params : body.config_params,
  }
  const argsSql = body.args ? body.args.map(argSql).join(', ') : fn.argument_types
  const sameInputs =
    !body.args ||
    (await inputTypeOids(db, body.args)).join(',') ===
      fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic').map((a) => a.type_id).join(',')

  const recreate = async () => {
    await db.query(drop(fn))
    await db.query(createSql({ ...target, argsSql }, false))
  }
  if (!sameInputs) {
    await recreate()
  } else {
    await db.query('savepoint studio_replace_function')
    try {
      await db.query(createSql({ ...target, name: fn.name, schema: fn.schema, argsSql }, true))
      await db.query('release savepoint studio_replace_function')
    } catch (e) {
      // 42P13: cannot change return type / name of input parameter / remove defaults: drop and create
      if ((e as { code?: string }).code !== '42P13') throw e
      await db.query('rollback to savepoint studio_replace_function')
      await recreate()
      return findNew(db, target, body.args, fn)
    }
    const signature = `${quoteQualified(fn.schema, fn.name)}(${fn.identity_argument_types})`
    if (target.name !== fn.name) await db.query(`alter function ${signature} rename to ${quoteIdent(target.name)}`)
    const renamed = `${quoteQualified(fn.schema, target.name)}(${fn.identity_argument_types})`
    if (target.schema !== fn.schema) await db.query(`alter function ${renamed} set schema ${quoteIdent(target.schema)}`)
    return fn.id
  }
  return findNew(db, target, body.args, fn)
}

/** The function made again: found by its new name and input types. */
async function findNew(db: Queryable, target: Omit<Create, 'args'>, args: Arg[] | undefined, old: PgFunction): Promise<number> {
  if (args) return oidOf(db, target.schema, target.name, args)
  // same arguments as before: their types by oid
  const { rows } = await db.query<{ oid: number }>(
    `select p.oid from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where n.nspname = $1 and p.proname = $2 and pg_catalog.pg_get_function_identity_arguments(p.oid) = $3`,
    [target.schema, target.name, old.identity_argument_types],
  )
  return rows[0]?.oid ?? 0
}

export async function dropFunction(db: Queryable, fn: PgFunction, cascade = false): Promise<void> {
  await db.query(drop(fn, cascade))
}

export { findFunction }
