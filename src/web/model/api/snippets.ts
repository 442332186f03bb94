/**
 * The snippets of a table's or view's docs and of a function's, in JavaScript (supabase-js) and Bash (curl),
 * built from the OpenAPI document with the project's URL and the chosen key. The page renders these and
 * tests run these same ones, so each is written to run as shown: real column names, values their types
 * take, writes only where the document lists them.
 */
import { docsColumns, functionArgs, relatedResources, resourceOperations, type DocsColumn } from './columns'
import { curl, jsString, jsValue, jsonBody, mustWrite, sampleArg, sampleValue, urlPart, type SnippetKey } from './code'
import type { OpenApiDocument } from './openapi'
import { MSG } from '../../../shared/messages'

export interface DocSnippet {
  /** stable within its page: what api.docs.copy names */
  id: string
  title: string
  description: string
  js: string
  /** none for what curl cannot do (realtime) */
  bash: string | null
  /** shown disabled with this note: it cannot run here */
  unavailable?: string
  /** the JavaScript variant is a shell command too (installing a package) */
  shell?: boolean
}

export interface SnippetTarget {
  /** the project's API URL (supabase-js's first argument) */
  apiUrl: string
  key: SnippetKey
}


const restUrl = (t: SnippetTarget, path: string) => `${t.apiUrl}/rest/v1/${path}`

/** `const { data, error } = await supabase` and one chained call per line. */
const chain = (calls: string[]) => ['const { data, error } = await supabase', ...calls.map((c) => `  ${c}`)].join('\n')

/** A row an insert can send: the columns it must write, else the first plain writable one. */
function sampleRow(columns: DocsColumn[], n: number): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const c of columns.filter(mustWrite)) row[c.name] = c.foreignKey ? 1 : sampleValue(c, n)
  if (Object.keys(row).length === 0) {
    const plain = columns.find((c) => !c.primaryKey && !c.foreignKey && c.type !== undefined && c.type !== 'array')
    if (plain) row[plain.name] = sampleValue(plain, n)
  }
  return row
}

/** The column a change picks rows by: the primary key, else the first column. */
const keyColumn = (columns: DocsColumn[]) => columns.find((c) => c.primaryKey) ?? columns[0]

/** The column an update sets: a plain column the insert writes, else any non-key one. */
const updatedColumn = (columns: DocsColumn[]) =>
  columns.find((c) => mustWrite(c) && !c.primaryKey && !c.foreignKey) ??
  columns.find((c) => !c.primaryKey && !c.foreignKey && c.type !== undefined && c.type !== 'array')

/** A few filters on columns of the relation, each with a value its type takes. */
function filters(columns: DocsColumn[]): { js: string; query: string }[] {
  const out: { js: string; query: string }[] = []
  const key = keyColumn(columns)
  const text = columns.find((c) => c.type === 'string' && !c.enum && (c.format === 'text' || c.format.startsWith('character')))
  const number = columns.find((c) => (c.type === 'integer' || c.type === 'number') && c !== key)
  const nullable = columns.find((c) => !c.required && c !== text && c !== number)
  if (key && key.type !== undefined && key.type !== 'array') {
    const v = sampleValue(key)
    out.push({ js: `.eq(${jsString(key.name)}, ${jsValue(v)})`, query: `${urlPart(key.name)}=eq.${urlPart(String(v))}` })
  }
  if (text) out.push({ js: `.ilike(${jsString(text.name)}, '%example%')`, query: `${urlPart(text.name)}=ilike.*example*` })
  if (number) out.push({ js: `.gt(${jsString(number.name)}, 0)`, query: `${urlPart(number.name)}=gt.0` })
  if (key && key.type === 'integer') out.push({ js: `.in(${jsString(key.name)}, [1, 2, 3])`, query: `${urlPart(key.name)}=in.(1,2,3)` })
  if (nullable) out.push({ js: `.is(${jsString(nullable.name)}, null)`, query: `${urlPart(nullable.name)}=is.null` })
  return out
}

export function resourceSnippets(doc: OpenApiDocument, resource: string, t: SnippetTarget): DocSnippet[] {
  const columns = docsColumns(doc, resource)
  const ops = resourceOperations(doc, resource)
  const from = `.from(${jsString(resource)})`
  const path = urlPart(resource)
  const snippets: DocSnippet[] = []
  if (!ops.read) return snippets

  snippets.push({
    id: 'read-all',
    title: 'Read all rows',
    description: 'Every row the key may see (Row Level Security decides), up to the API\'s row limit.',
    js: chain([from, `.select('*')`]),
    bash: curl('GET', restUrl(t, `${path}?select=*`), t.key),
  })
  const some = columns.slice(0, 2).map((c) => c.name)
  if (some.length) {
    snippets.push({
      id: 'read-columns',
      title: 'Read specific columns',
      description: 'Name the columns to return, separated by commas.',
      js: chain([from, `.select(${jsString(some.join(','))})`]),
      bash: curl('GET', restUrl(t, `${path}?select=${some.map(urlPart).join(',')}`), t.key),
    })
  }
  const related = relatedResources(doc, resource)
  if (related.length) {
    const first = related[0]!
    // two keys to the same table: name the key's column, as PostgREST's hint
    const ambiguous = related.filter((r) => r.table === first.table).length > 1
    const embed = ambiguous ? `${first.table}!${first.via}(*)` : `${first.table}(*)`
    snippets.push({
      id: 'read-embedded',
      title: 'Read referenced tables',
      description: `Rows of ${first.table} come embedded in each row, through the foreign key ${first.outgoing ? `${resource}.${first.via}` : `${first.table}.${first.via}`}.`,
      js: chain([from, `.select(${jsString(`*, ${embed}`)})`]),
      bash: curl('GET', restUrl(t, `${path}?select=*,${urlPart(first.table)}${ambiguous ? `!${urlPart(first.via)}` : ''}(*)`), t.key),
    })
  }
  const conditions = filters(columns)
  if (conditions.length) {
    snippets.push({
      id: 'filter',
      title: 'Filtering',
      description: 'Filters narrow the rows: equal to, pattern match (ilike), greater than, one of a list, is null… Each one added must hold.',
      js: chain([from, `.select('*')`, ...conditions.map((c) => c.js)]),
      bash: curl('GET', restUrl(t, `${path}?select=*&${conditions.map((c) => c.query).join('&')}`), t.key),
    })
  }
  snippets.push({
    id: 'paginate',
    title: 'Pagination',
    description: 'range(from, to) returns the rows at those positions (zero-based, both included): here the first ten.',
    js: chain([from, `.select('*')`, '.range(0, 9)']),
    bash: curl('GET', restUrl(t, `${path}?select=*`), t.key, ['Range: 0-9']),
  })

  const json = 'Content-Type: application/json'
  if (ops.insert) {
    const row = sampleRow(columns, 0)
    const rows = [sampleRow(columns, 1), sampleRow(columns, 2)]
    snippets.push({
      id: 'insert',
      title: 'Insert a row',
      description: 'select() after the insert returns the row as stored (defaults filled in).',
      js: chain([from, `.insert([${jsValue(row)}])`, '.select()']),
      bash: curl('POST', restUrl(t, path), t.key, [json, 'Prefer: return=minimal'], jsonBody(row)),
    })
    snippets.push({
      id: 'insert-many',
      title: 'Insert many rows',
      description: 'An array of rows is inserted in one statement: all or none.',
      js: chain([from, `.insert(${jsValue(rows)})`, '.select()']),
      bash: curl('POST', restUrl(t, path), t.key, [json, 'Prefer: return=minimal'], jsonBody(rows)),
    })
    const key = keyColumn(columns)
    if (key?.primaryKey) {
      const upsert = { [key.name]: sampleValue(key), ...sampleRow(columns, 0) }
      snippets.push({
        id: 'upsert',
        title: 'Upsert matching rows',
        description: `A row whose ${key.name} exists is updated, any other is inserted.`,
        js: chain([from, `.upsert(${jsValue(upsert)})`, '.select()']),
        bash: curl('POST', restUrl(t, path), t.key, [json, 'Prefer: resolution=merge-duplicates'], jsonBody(upsert)),
      })
    }
  }
  const key = keyColumn(columns)
  const set = updatedColumn(columns)
  if (ops.update && key && set && key.type !== undefined) {
    const where = sampleValue(key)
    const change = { [set.name]: sampleValue(set, 1) }
    snippets.push({
      id: 'update',
      title: 'Update matching rows',
      description: `Filters pick the rows to change: here the one whose ${key.name} is ${String(where)}. Without a filter the API refuses.`,
      js: chain([from, `.update(${jsValue(change)})`, `.eq(${jsString(key.name)}, ${jsValue(where)})`, '.select()']),
      bash: curl('PATCH', restUrl(t, `${path}?${urlPart(key.name)}=eq.${urlPart(String(where))}`), t.key, [json, 'Prefer: return=minimal'], jsonBody(change)),
    })
  }
  if (ops.delete && key && key.type !== undefined) {
    const where = sampleValue(key)
    snippets.push({
      id: 'delete',
      title: 'Delete matching rows',
      description: `Filters pick the rows to delete: here the one whose ${key.name} is ${String(where)}.`,
      js: chain([from, '.delete()', `.eq(${jsString(key.name)}, ${jsValue(where)})`]),
      bash: curl('DELETE', restUrl(t, `${path}?${urlPart(key.name)}=eq.${urlPart(String(where))}`), t.key),
    })
  }
  snippets.push({
    id: 'subscribe',
    title: 'Subscribe to changes',
    description: 'supabase-js listens to inserts, updates and deletes through Realtime.',
    js: [
      `const channel = supabase`,
      `  .channel('${resource.replace(/[^A-Za-z0-9_-]/g, '-')}-changes')`,
      `  .on('postgres_changes', { event: '*', schema: 'public', table: ${jsString(resource)} }, (payload) => {`,
      '    console.log(payload)',
      '  })',
      '  .subscribe()',
    ].join('\n'),
    bash: null,
    unavailable: MSG.apiDocsRealtimeUnavailable,
  })
  return snippets
}

export function functionSnippets(doc: OpenApiDocument, fn: string, t: SnippetTarget): DocSnippet[] {
  const info = functionArgs(doc, fn)
  if (!info) return []
  const args = Object.fromEntries(info.args.map((a) => [a.name, sampleArg(a)]))
  const hasArgs = info.args.length > 0
  return [
    {
      id: 'call',
      title: 'Call the function',
      description: hasArgs ? 'The arguments go by name in one object.' : 'It takes no arguments.',
      js: chain([`.rpc(${jsString(fn)}${hasArgs ? `, ${jsValue(args)}` : ''})`]),
      bash: curl('POST', restUrl(t, `rpc/${urlPart(fn)}`), t.key, ['Content-Type: application/json'], jsonBody(args)),
    },
  ]
}
