/**
 * Database functions under /platform/pg-meta/{ref}/functions (issue 15, spec 7): listed, read by id,
 * created, changed and dropped. Answers are shaped like @supabase/postgres-meta's `functions`.
 */
import { z } from 'zod'
import { MSG } from '../messages'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

export const FUNCTION_BEHAVIORS = ['VOLATILE', 'STABLE', 'IMMUTABLE'] as const
export type FunctionBehavior = (typeof FUNCTION_BEHAVIORS)[number]
/** The modes of an argument as postgres-meta names them ('table' for a column of RETURNS TABLE). */
export const FUNCTION_ARG_MODES = ['in', 'out', 'inout', 'variadic', 'table'] as const
/** The modes an argument can be written with (a RETURNS TABLE column is written in the return type). */
export const FUNCTION_ARG_INPUT_MODES = ['in', 'out', 'inout', 'variadic'] as const
/** Languages the dashboard writes bodies in. */
export const FUNCTION_LANGUAGES = ['plpgsql', 'sql'] as const

export interface PgFunctionArg {
  mode: (typeof FUNCTION_ARG_MODES)[number]
  name: string
  type_id: number
  has_default: boolean
}

export interface PgFunction {
  id: number
  schema: string
  name: string
  language: string
  /** the body (prosrc) */
  definition: string
  /** CREATE OR REPLACE FUNCTION … as pg_get_functiondef writes it */
  complete_statement: string
  args: PgFunctionArg[]
  /** pg_get_function_arguments: 'a integer, b text DEFAULT ''x''::text' */
  argument_types: string
  /** pg_get_function_identity_arguments: what DROP FUNCTION needs */
  identity_argument_types: string
  return_type_id: number
  /** pg_get_function_result: 'integer', 'SETOF notes', 'TABLE(id integer)', 'trigger', 'void' */
  return_type: string
  return_type_relation_id: number | null
  is_set_returning_function: boolean
  behavior: FunctionBehavior
  security_definer: boolean
  /** SET parameters of the function ({ search_path: 'public, extensions' }), or null */
  config_params: Record<string, string> | null
}

const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))

export const FunctionsQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  /** one schema's functions */
  schema: z.string().min(1).optional(),
  included_schemas: csv.optional(),
  excluded_schemas: csv.optional(),
})

/** One argument as the form writes it: `[mode] [name] type [default expr]`. */
export const FunctionArgInput = z.object({
  name: z.string().trim().default(''),
  type: z.string().trim().min(1, 'Give the argument a type'),
  mode: z.enum(FUNCTION_ARG_INPUT_MODES).default('in'),
  /** an SQL expression (input arguments only) */
  default: z.string().trim().optional(),
})
export type FunctionArgInput = z.input<typeof FunctionArgInput>

const functionName = z.string().trim().min(1, MSG.functionNameRequired).max(63, 'A function name can be at most 63 characters')
const configParams = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'Not a configuration parameter name'), z.string()).nullable()

export const FunctionCreateBody = z
  .object({
    name: functionName,
    schema: z.string().trim().min(1).default('public'),
    args: z.array(FunctionArgInput).default([]),
    /** the body */
    definition: z.string(),
    /** SQL text: 'void', 'integer', 'setof public.notes', 'table(id int, name text)', 'trigger' */
    return_type: z.string().trim().min(1, 'Give the function a return type').default('void'),
    language: z.string().trim().min(1).default('plpgsql'),
    behavior: z.enum(FUNCTION_BEHAVIORS).default('VOLATILE'),
    security_definer: z.boolean().default(false),
    config_params: configParams.optional(),
  })
  .strict()
export type FunctionCreateBody = z.input<typeof FunctionCreateBody>

export const FunctionUpdateBody = z
  .object({
    name: functionName.optional(),
    schema: z.string().trim().min(1).optional(),
    args: z.array(FunctionArgInput).optional(),
    definition: z.string().optional(),
    return_type: z.string().trim().min(1, 'Give the function a return type').optional(),
    language: z.string().trim().min(1).optional(),
    behavior: z.enum(FUNCTION_BEHAVIORS).optional(),
    security_definer: z.boolean().optional(),
    config_params: configParams.optional(),
  })
  .strict()
export type FunctionUpdateBody = z.input<typeof FunctionUpdateBody>

export const FunctionIdQuery = z.object({ id: z.coerce.number().int().positive() })
export const FunctionDeleteQuery = FunctionIdQuery.extend({
  cascade: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
})

export const pgMetaFunctions = {
  functions: endpoint({ method: 'GET', path: `${PG_META}/functions`, query: FunctionsQuery, response: type<PgFunction[]>(), byId: type<PgFunction>() }),
  createFunction: endpoint({ method: 'POST', path: `${PG_META}/functions`, body: FunctionCreateBody, response: type<PgFunction>() }),
  updateFunction: endpoint({
    method: 'PATCH', path: `${PG_META}/functions`, query: FunctionIdQuery, body: FunctionUpdateBody, response: type<PgFunction>(),
  }),
  /** answers the function as it was */
  deleteFunction: endpoint({ method: 'DELETE', path: `${PG_META}/functions`, query: FunctionDeleteQuery, response: type<PgFunction>() }),
}
