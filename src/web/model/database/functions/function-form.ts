/**
 * The function form: its fields, their defaults (a new function, or one read from the database), and the
 * body of the create or update call it makes.
 */
import { z } from 'zod'
import { MSG } from '../../../../shared/messages'
import {
  FUNCTION_ARG_INPUT_MODES, FUNCTION_BEHAVIORS, type FunctionArgInput, type FunctionCreateBody, type PgFunction,
} from '../../../../shared/contract/pg-meta-functions'

export const FunctionForm = z.object({
  name: z.string().trim().min(1, MSG.functionNameRequired).max(63, 'A function name can be at most 63 characters'),
  schema: z.string().min(1, 'Pick a schema'),
  args: z.array(
    z.object({
      name: z.string().trim(),
      type: z.string().trim().min(1, 'Give the argument a type'),
      mode: z.enum(FUNCTION_ARG_INPUT_MODES),
      default: z.string().trim(),
    }),
  ),
  return_type: z.string().trim().min(1, 'Give the function a return type'),
  language: z.string().min(1),
  definition: z.string(),
  behavior: z.enum(FUNCTION_BEHAVIORS),
  security_definer: z.boolean(),
  /** empty: no search_path setting */
  search_path: z.string().trim(),
})
export type FunctionFormValues = z.infer<typeof FunctionForm>

/** Types offered in the argument and return type fields (anything Postgres knows may be typed). */
export const COMMON_TYPES = [
  'text', 'integer', 'bigint', 'smallint', 'numeric', 'real', 'double precision', 'boolean', 'uuid', 'json', 'jsonb',
  'date', 'timestamp', 'timestamptz', 'interval', 'bytea', 'text[]', 'integer[]',
]
export const RETURN_TYPES = ['void', 'trigger', ...COMMON_TYPES, 'setof record', 'table(id bigint, name text)']

export const PLPGSQL_TEMPLATE = 'begin\n  \nend;'
export const TRIGGER_TEMPLATE = 'begin\n  -- new is the row being written\n  return new;\nend;'

export function newFunctionDefaults(schema: string, prefill: Partial<FunctionFormValues> = {}): FunctionFormValues {
  return {
    name: '', schema, args: [], return_type: 'void', language: 'plpgsql', definition: PLPGSQL_TEMPLATE,
    behavior: 'VOLATILE', security_definer: false, search_path: '', ...prefill,
  }
}

/** The values a "new trigger function" starts with. */
export const triggerFunctionPrefill = (schema: string): Partial<FunctionFormValues> => ({
  schema, return_type: 'trigger', language: 'plpgsql', definition: TRIGGER_TEMPLATE,
})

/** Splits at the commas outside parentheses and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quote: string | null = null
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === quote) quote = null
    } else if (c === "'" || c === '"') quote = c
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim())
      start = i + 1
    }
  }
  const last = text.slice(start).trim()
  if (last) parts.push(last)
  return parts
}

/** The arguments of a function read back (pg_get_function_arguments' text, with names and modes from args). */
export function argsOf(fn: Pick<PgFunction, 'args' | 'argument_types'>): FunctionArgInput[] {
  const written = fn.args.filter((a) => a.mode !== 'table')
  const pieces = splitTopLevel(fn.argument_types)
  return written.map((arg, i) => {
    let piece = pieces[i] ?? ''
    if (arg.mode !== 'in') piece = piece.replace(/^(IN|OUT|INOUT|VARIADIC)\s+/i, '')
    if (arg.name) {
      const quoted = piece.startsWith('"') ? piece.match(/^"(?:[^"]|"")*"\s+/) : piece.match(/^\S+\s+/)
      if (quoted) piece = piece.slice(quoted[0].length)
    }
    const at = piece.search(/\sDEFAULT\s/)
    const type = at < 0 ? piece : piece.slice(0, at)
    const dflt = at < 0 ? '' : piece.slice(at).replace(/^\sDEFAULT\s/, '')
    return { name: arg.name, type: type.trim(), mode: arg.mode as FunctionArgInput['mode'], default: dflt.trim() }
  })
}

export function functionFormDefaults(fn: PgFunction): FunctionFormValues {
  return {
    name: fn.name,
    schema: fn.schema,
    args: argsOf(fn).map((a) => ({ name: a.name ?? '', type: a.type, mode: a.mode ?? 'in', default: a.default ?? '' })),
    return_type: fn.return_type,
    language: fn.language,
    definition: fn.definition,
    behavior: fn.behavior,
    security_definer: fn.security_definer,
    search_path: fn.config_params?.search_path ?? '',
  }
}

/** The create call's body for these values. */
export function functionBody(values: FunctionFormValues): FunctionCreateBody & { config_params: Record<string, string> | null } {
  return {
    name: values.name,
    schema: values.schema,
    args: values.args.map((a) => ({ name: a.name, type: a.type, mode: a.mode, ...(a.default ? { default: a.default } : {}) })),
    return_type: values.return_type,
    language: values.language,
    definition: values.definition,
    behavior: values.behavior,
    security_definer: values.security_definer,
    config_params: values.search_path ? { search_path: values.search_path } : null,
  }
}

const MODE_WORDS = new Set(['in', 'out', 'inout', 'variadic'])

/**
 * Arguments as typed in the palette: `a integer, out b text, c text default 'x'`. Each is
 * `[mode] name type [default expr]`; a lone word is a type without a name.
 */
export function parseArguments(text: string): FunctionArgInput[] {
  return splitTopLevel(text).map((piece) => {
    const at = piece.search(/\sdefault\s/i)
    const head = (at < 0 ? piece : piece.slice(0, at)).trim()
    const dflt = at < 0 ? undefined : piece.slice(at).replace(/^\s*default\s+/i, '').trim()
    const words = head.split(/\s+/)
    let mode: FunctionArgInput['mode'] = 'in'
    if (words.length > 1 && MODE_WORDS.has(words[0]!.toLowerCase())) mode = words.shift()!.toLowerCase() as FunctionArgInput['mode']
    if (words.length === 0 || !words[0]) throw new Error(`An argument has no type: "${piece}"`)
    const [name, ...type] = words.length > 1 ? words : ['', ...words]
    return { name: name!.replace(/^"|"$/g, ''), type: type.join(' '), mode, ...(dflt ? { default: dflt } : {}) }
  })
}

/** The create (and update) command's arguments for these values. */
export function functionCommandArgs(values: FunctionFormValues) {
  const { config_params, ...body } = functionBody(values)
  return { ...body, name: values.name, search_path: config_params?.search_path ?? '' }
}
