/**
 * Which function an RPC call means, as PostgREST 12 chooses among a name's overloads: by the names of the
 * arguments given (every required parameter given, nothing given that is not a parameter), else a
 * function whose single unnamed parameter takes the whole body (json/jsonb for JSON, text, xml, bytea).
 * None: 404 PGRST202 with a hint of the closest name; more than one: 300 PGRST203.
 */
import { RestError } from './errors'
import { cacheKey, type CachedFunction, type CachedFunctionArg, type SchemaCache } from './schema-cache'

export interface CallShape {
  /** the argument names given (POST: the body's keys or columns=; GET: the query's arguments) */
  keys: ReadonlySet<string>
  /** Prefer: params=single-object */
  singleObject: boolean
  /** POST (a body), not GET/HEAD */
  isPost: boolean
  /** the body's media type (POST) */
  mediaType: string
}

/** The parameters a call passes values to (OUT and TABLE columns are results). */
export const inputArgs = (fn: CachedFunction): CachedFunctionArg[] => fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic')

/** The type name as PostgREST compares it: format_type's, without a typmod. */
const baseType = (type: string) => type.replace(/\(.*\)$/, '').trim()

const SINGLE_UNNAMED: Record<string, string[]> = {
  'application/json': ['json', 'jsonb'],
  'text/plain': ['text'],
  'text/xml': ['xml'],
  'application/octet-stream': ['bytea'],
}

const RAW_BODY_TYPES = new Set(['application/octet-stream', 'text/plain', 'text/xml'])

function matchesParams(fn: CachedFunction, shape: CallShape): boolean {
  const params = inputArgs(fn)
  if (shape.singleObject) return params.length === 1 && ['json', 'jsonb'].includes(baseType(params[0]!.type))
  if (params.length === 0) return shape.keys.size === 0 && !(shape.isPost && RAW_BODY_TYPES.has(shape.mediaType))
  const required = new Set(params.filter((p) => !p.hasDefault).map((p) => p.name))
  const optional = new Set(params.filter((p) => p.hasDefault).map((p) => p.name))
  for (const r of required) if (!shape.keys.has(r)) return false
  for (const k of shape.keys) if (!required.has(k) && !optional.has(k)) return false
  return true
}

function hasSingleUnnamedParam(fn: CachedFunction, shape: CallShape): boolean {
  const params = inputArgs(fn)
  if (params.length !== 1 || !shape.isPost) return false
  const [p] = params
  const mediaType = shape.mediaType === '*/*' || shape.mediaType.startsWith('application/vnd.pgrst') ? 'application/json' : shape.mediaType
  return p!.name === '' && (SINGLE_UNNAMED[mediaType] ?? []).includes(baseType(p!.type))
}

/** The function a call means, or PostgREST's PGRST202/PGRST203 error. */
export function resolveFunction(cache: SchemaCache, schema: string, name: string, shape: CallShape): CachedFunction {
  const overloads = cache.functions.get(cacheKey(schema, name)) ?? []
  const matching = overloads.filter((fn) => matchesParams(fn, shape))
  const fallback = overloads.filter((fn) => !matchesParams(fn, shape) && hasSingleUnnamedParam(fn, shape))
  if (matching.length === 1) return matching[0]!
  if (matching.length > 1) throw ambiguous(matching)
  if (fallback.length === 1) return fallback[0]!
  if (fallback.length > 1) throw ambiguous(fallback)
  throw noFunction(cache, schema, name, shape, overloads)
}

function ambiguous(fns: CachedFunction[]): RestError {
  const list = fns.map((f) => `${f.schema}.${f.name}(${inputArgs(f).map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')
  return new RestError(300, 'PGRST203', `Could not choose the best candidate function between: ${list}`, null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved')
}

function noFunction(cache: SchemaCache, schema: string, name: string, shape: CallShape, overloads: CachedFunction[]): RestError {
  const fn = `${schema}.${name}`
  const keys = [...shape.keys].sort()
  const prms = keys.join(', ')
  const fmtPrms = (p: string) => (keys.length === 0 ? ' without parameters' : p)
  const onlySingle = shape.singleObject || (shape.isPost && RAW_BODY_TYPES.has(shape.mediaType))
  const message = `Could not find the function ${fn}${onlySingle ? '' : fmtPrms(`(${prms})`)} in the schema cache`
  const withParams = ` with parameter${keys.length > 1 ? 's ' : ' '}${prms}`
  let searched: string
  if (shape.singleObject) searched = ' with a single json/jsonb parameter'
  else if (shape.isPost && shape.mediaType === 'text/plain') searched = ' with a single unnamed text parameter'
  else if (shape.isPost && shape.mediaType === 'text/xml') searched = ' with a single unnamed xml parameter'
  else if (shape.isPost && shape.mediaType === 'application/octet-stream') searched = ' with a single unnamed bytea parameter'
  else if (shape.isPost && shape.mediaType === 'application/json') searched = `${fmtPrms(withParams)} or with a single unnamed json/jsonb parameter`
  else searched = fmtPrms(withParams)
  const details = `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`
  let hint: string | null = null
  if (!onlySingle) {
    if (overloads.length === 0) {
      const names = [...cache.functions.values()].flat().filter((f) => f.schema === schema).map((f) => f.name)
      const best = fuzzyClosest(name, [...new Set(names)])
      if (best !== undefined) hint = `Perhaps you meant to call the function ${schema}.${best}`
    } else {
      const list = (names: string[]) => `(${[...names].sort().join(', ')})`
      const best = fuzzyClosest(list(keys), [...new Set(overloads.map((f) => list(inputArgs(f).map((a) => a.name))))])
      if (best !== undefined) hint = `Perhaps you meant to call the function ${schema}.${name}${best}`
    }
  }
  return new RestError(404, 'PGRST202', message, details, hint)
}

/** Character bigrams of ` word ` (lower-cased), counted. */
function grams(text: string): Map<string, number> {
  const padded = `-${text.toLowerCase()}-`
  const out = new Map<string, number>()
  for (let i = 0; i < padded.length - 1; i++) {
    const g = padded.slice(i, i + 2)
    out.set(g, (out.get(g) ?? 0) + 1)
  }
  return out
}

/** Cosine similarity of two texts' bigram counts, 0…1. */
function similarity(a: string, b: string): number {
  const ga = grams(a)
  const gb = grams(b)
  let dot = 0
  for (const [g, n] of ga) dot += n * (gb.get(g) ?? 0)
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0))
  const d = norm(ga) * norm(gb)
  return d === 0 ? 0 : dot / d
}

/**
 * The candidate most like `text`, never `text` itself: bigram similarity as PostgREST's FuzzySet scores it for
 * function hints (fuzzy.ts's edit distance would miss `add(a)` → `add(a, b)`, which PostgREST suggests).
 */
function fuzzyClosest(text: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined
  let score = 0.33
  for (const c of candidates) {
    if (c === text) continue
    const s = similarity(text, c)
    if (s > score) {
      score = s
      best = c
    }
  }
  return best
}
