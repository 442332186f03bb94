/**
 * The OpenAPI (swagger 2.0) document of one exposed schema, shaped as PostgREST 12 answers GET / : a
 * definition per table or view (its columns as properties: `format` the Postgres type, `type` the JSON type,
 * the column comment with PostgREST's primary and foreign key notes as `description`, `default`,
 * `maxLength`, `enum`; `required` the NOT NULL columns), a path per relation (get, and post/patch/delete when
 * it can be written) and per function (`/rpc/{name}`: post, and get unless volatile), and the shared
 * `parameters` those paths point at (row filters, select, order, range, limit, offset, Prefer…).
 */
import type { CachedColumn, CachedFunction, CachedRelation, SchemaCache } from './schema-cache'
import { cacheKey } from './schema-cache'

/** The PostgREST version whose document this one follows. */
export const POSTGREST_VERSION = '12.2.3'
const DOCS_VERSION = 'v12'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type JsonObject = { [k: string]: Json }

export interface OpenApiInput {
  cache: SchemaCache
  /** the schema described (Accept-Profile, or the first exposed one) */
  schema: string
  /** COMMENT ON SCHEMA: its first line is the title, the rest the description */
  schemaComment: string | null
  /** the relations and functions (by name, in `schema`) the caller's role may use: the document shows only those */
  visible: { relations: ReadonlySet<string>; functions: ReadonlySet<string> }
  /** where the API answers: `http(s)://host[:port]/base/path/` */
  baseUrl: URL
}

/** A type's name without its modifiers, as PostgREST reports a column's type: 'character varying(20)' → 'character varying'. */
export function formatOf(type: string): string {
  return type.replace(/\(\s*\d+(\s*,\s*\d+)?\s*\)/g, '').replace(/\s+/g, ' ').trim()
}

/** The JSON type of a Postgres type (none for json and jsonb: any value), as PostgREST maps it. */
export function swaggerType(format: string): string | undefined {
  switch (format) {
    case 'character varying':
    case 'character':
    case 'text':
      return 'string'
    case 'boolean':
      return 'boolean'
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer'
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'number'
    case 'json':
    case 'jsonb':
      return undefined
    default:
      return format.endsWith('[]') ? 'array' : 'string'
  }
}

/** `items` of an array type: its element's JSON type. */
function itemsOf(format: string): JsonObject | undefined {
  if (swaggerType(format) !== 'array') return undefined
  const element = swaggerType(format.slice(0, -2))
  return element ? { type: element } : {}
}

/**
 * A column default as JSON, as PostgREST reads it: for string types the literal without its cast and quotes
 * (`'open'::text` → "open", `now()` → "now()"); others as they are when they are JSON (`0`, `true`),
 * nothing otherwise (`nextval(…)`).
 */
export function defaultOf(format: string, expr: string | null): Json | undefined {
  if (expr === null) return undefined
  let text = expr
  if (swaggerType(format) === 'string') {
    const cast = `::${format}`
    const literal = text.endsWith(cast) ? text.slice(0, -cast.length) : null
    text = JSON.stringify(literal === null ? text : literal.replace(/^'+|'+$/g, ''))
  }
  try {
    return JSON.parse(text) as Json
  } catch {
    return undefined
  }
}

function fkNote(cache: SchemaCache, rel: CachedRelation, column: string): string | null {
  const isView = (schema: string, name: string) => {
    const kind = cache.relations.get(cacheKey(schema, name))?.kind
    return kind === 'view' || kind === 'materialized_view'
  }
  const candidates = cache.foreignKeys
    .filter((fk) => fk.schema === rel.schema && fk.table === rel.name && fk.columns.length === 1 && fk.columns[0] === column)
    .sort((a, b) => Number(isView(a.refSchema, a.refTable)) - Number(isView(b.refSchema, b.refTable)))
  const fk = candidates[0]
  if (!fk) return null
  const [table, col] = [fk.refTable, fk.refColumns[0]]
  return `This is a Foreign Key to \`${table}.${col}\`.<fk table='${table}' column='${col}'/>`
}

function property(cache: SchemaCache, rel: CachedRelation, col: CachedColumn): JsonObject {
  const format = formatOf(col.type)
  const notes = ['Note:']
  if (rel.primaryKey.includes(col.name)) notes.push('This is a Primary Key.<pk/>')
  const fk = fkNote(cache, rel, col.name)
  if (fk) notes.push(fk)
  const description = notes.length > 1 ? `${col.comment ? `${col.comment}\n\n` : ''}${notes.join('\n')}` : col.comment
  const p: JsonObject = {}
  const def = defaultOf(format, col.default)
  if (def !== undefined) p.default = def
  if (description) p.description = description
  if (col.enumValues?.length) p.enum = col.enumValues
  p.format = format
  if (col.maxLength !== undefined) p.maxLength = col.maxLength
  const type = swaggerType(format)
  if (type) p.type = type
  const items = itemsOf(format)
  if (items) p.items = items
  return p
}

function definition(cache: SchemaCache, rel: CachedRelation): JsonObject {
  const d: JsonObject = {}
  if (rel.comment) d.description = rel.comment
  d.properties = Object.fromEntries(rel.columns.map((c) => [c.name, property(cache, rel, c)]))
  d.type = 'object'
  d.required = rel.columns.filter((c) => !c.nullable).map((c) => c.name)
  return d
}

/** First line of a comment as the summary, the rest (leading newlines dropped) as the description. */
function summaryOf(comment: string | null): JsonObject {
  if (!comment) return {}
  const at = comment.indexOf('\n')
  const summary = at < 0 ? comment : comment.slice(0, at)
  const description = at < 0 ? '' : comment.slice(at).replace(/^\n+/, '')
  return description ? { summary, description } : { summary }
}

const ref = (name: string): JsonObject => ({ $ref: `#/parameters/${name}` })

function relationPath(rel: CachedRelation): JsonObject {
  const base = { tags: [rel.name], ...summaryOf(rel.comment) }
  const filters = rel.columns.map((c) => `rowFilter.${rel.name}.${c.name}`)
  const get: JsonObject = {
    ...base,
    parameters: [...filters, 'select', 'order', 'range', 'rangeUnit', 'offset', 'limit', 'preferCount'].map(ref),
    responses: {
      '200': { description: 'OK', schema: { items: { $ref: `#/definitions/${rel.name}` }, type: 'array' } },
      '206': { description: 'Partial Content' },
    },
  }
  if (!(rel.insertable || rel.updatable || rel.deletable)) return { get }
  return {
    get,
    post: { ...base, parameters: [`body.${rel.name}`, 'select', 'preferPost'].map(ref), responses: { '201': { description: 'Created' } } },
    delete: { ...base, parameters: [...filters, 'preferReturn'].map(ref), responses: { '204': { description: 'No Content' } } },
    patch: { ...base, parameters: [...filters, `body.${rel.name}`, 'preferReturn'].map(ref), responses: { '204': { description: 'No Content' } } },
  }
}

/** The arguments a call passes: IN, INOUT and VARIADIC ones with a name. */
const callArgs = (fn: CachedFunction) => fn.args.filter((a) => a.mode !== 'out' && a.mode !== 'table' && a.name !== '')

function functionPath(fn: CachedFunction): JsonObject {
  const base = {
    tags: [`(rpc) ${fn.name}`],
    ...summaryOf(fn.comment),
    produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json'],
    responses: { '200': { description: 'OK' } },
  }
  const args = callArgs(fn)
  const body: JsonObject = {
    type: 'object',
    properties: Object.fromEntries(
      args.map((a) => {
        const format = formatOf(a.type)
        const p: JsonObject = { format }
        const type = swaggerType(format)
        if (type) p.type = type
        const items = itemsOf(format)
        if (items) p.items = items
        return [a.name, p]
      }),
    ),
    required: args.filter((a) => !a.hasDefault).map((a) => a.name),
  }
  if (fn.comment) body.description = fn.comment
  const post: JsonObject = { ...base, parameters: [{ in: 'body', name: 'args', required: true, schema: body }, ref('preferParams')] }
  if (fn.volatility === 'v') return { post }
  const query = args.map((a): JsonObject => {
    const format = formatOf(a.type)
    if (a.mode === 'variadic') {
      return { in: 'query', name: a.name, required: !a.hasDefault, type: 'array', collectionFormat: 'multi', items: { format: format.replace(/\[\]$/, ''), type: swaggerType(format.replace(/\[\]$/, '')) ?? 'string' } }
    }
    const type = swaggerType(format)
    return { format, in: 'query', name: a.name, required: !a.hasDefault, type: type === 'array' || !type ? 'string' : type }
  })
  return { get: { ...base, parameters: query }, post }
}

const prefer = (values: string[]): JsonObject => ({ name: 'Prefer', description: 'Preference', required: false, in: 'header', type: 'string', enum: values })
const queryParam = (name: string, description: string): JsonObject => ({ name, description, required: false, in: 'query', type: 'string' })

function parameters(relations: CachedRelation[]): JsonObject {
  const p: JsonObject = {
    preferParams: prefer(['params=single-object']),
    preferReturn: prefer(['return=representation', 'return=minimal', 'return=none']),
    preferCount: prefer(['count=none']),
    preferPost: prefer(['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates']),
    select: queryParam('select', 'Filtering Columns'),
    on_conflict: queryParam('on_conflict', 'On Conflict'),
    order: queryParam('order', 'Ordering'),
    range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
    rangeUnit: { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string', default: 'items' },
    offset: queryParam('offset', 'Limiting and Pagination'),
    limit: queryParam('limit', 'Limiting and Pagination'),
  }
  for (const rel of relations) {
    p[`body.${rel.name}`] = { name: rel.name, description: rel.name, required: false, in: 'body', schema: { $ref: `#/definitions/${rel.name}` } }
    for (const c of rel.columns) {
      const filter: JsonObject = { name: c.name, required: false, in: 'query', type: 'string' }
      if (c.comment) filter.description = c.comment
      filter.format = formatOf(c.type)
      p[`rowFilter.${rel.name}.${c.name}`] = filter
    }
  }
  return p
}

export function openApiDocument(input: OpenApiInput): JsonObject {
  const { cache, schema, visible, baseUrl } = input
  const relations = [...cache.relations.values()]
    .filter((r) => r.schema === schema && visible.relations.has(r.name))
    .sort((a, b) => a.name.localeCompare(b.name))
  const functions = [...cache.functions.values()]
    .map((overloads) => overloads[0])
    .filter((f): f is CachedFunction => Boolean(f) && f!.schema === schema && visible.functions.has(f!.name))
    .sort((a, b) => a.name.localeCompare(b.name))
  const comment = input.schemaComment
  const at = comment ? comment.indexOf('\n') : -1
  const title = comment ? (at < 0 ? comment : comment.slice(0, at)) : 'PostgREST API'
  const description = comment && at >= 0 ? comment.slice(at).replace(/^\n+/, '') : 'This is a dynamic API generated by PostgREST'
  const mime = ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv']
  const paths: JsonObject = {
    '/': {
      get: {
        tags: ['Introspection'],
        summary: 'OpenAPI description (this document)',
        produces: ['application/openapi+json', 'application/json'],
        responses: { '200': { description: 'OK' } },
      },
    },
  }
  for (const rel of relations) paths[`/${rel.name}`] = relationPath(rel)
  for (const fn of functions) paths[`/rpc/${fn.name}`] = functionPath(fn)
  const scheme = baseUrl.protocol.replace(/:$/, '')
  const port = baseUrl.port || (scheme === 'https' ? '443' : '80')
  return {
    swagger: '2.0',
    info: { description, title, version: POSTGREST_VERSION },
    externalDocs: { description: 'PostgREST Documentation', url: `https://postgrest.org/en/${DOCS_VERSION}/references/api.html` },
    host: `${baseUrl.hostname}:${port}`,
    basePath: baseUrl.pathname,
    schemes: [scheme],
    consumes: mime,
    produces: mime,
    paths,
    definitions: Object.fromEntries(relations.map((r) => [r.name, definition(cache, r)])),
    parameters: parameters(relations),
  }
}
