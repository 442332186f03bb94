/**
 * Snippet titles and descriptions derived from the SQL itself (POST /api/ai/sql/title); no AI service is
 * involved. The title says what the first meaningful statement does ('Create table orders', 'Count users by
 * country'); the description, in one sentence, what every statement does ('Creates table orders and
 * inserts rows into it.').
 */
import type { TitleResponse } from '../../shared/content'
import { SqlReader } from './sql-reader'
import { statements } from '../../shared/sql/statements'

/** What one statement does: a title, and a description phrase: verb, object (a pronoun may stand for it), rest. */
interface Summary {
  title: string
  verb: string
  object?: string
  rest?: string
}

const UNTITLED = 'Untitled query'
/** Statements that frame others and say nothing by themselves. */
const FRAMING = new Set(['begin', 'start', 'commit', 'end', 'rollback', 'abort', 'savepoint', 'release', 'set', 'reset'])
/** The description names at most this many phrases, then counts the rest. */
const MAX_PHRASES = 4

/** Words between CREATE and the kind of object ('create or replace temp view'). */
const CREATE_MODIFIERS = new Set(['or', 'replace', 'temp', 'temporary', 'unlogged', 'unique', 'global', 'local', 'trusted', 'procedural', 'constraint', 'recursive'])
/** First words of object kinds spelled with two ('materialized view'). */
const TWO_WORD_KINDS = new Set(['materialized', 'foreign', 'event', 'access', 'default'])
/** Kinds of object that belong to a table ('create policy p on t'). */
const ON_TABLE = new Set(['policy', 'trigger', 'rule'])
/** Words that end a FROM list, and a GROUP BY list. */
const AFTER_FROM = ['where', 'group', 'having', 'window', 'order', 'limit', 'offset', 'fetch', 'for', 'union', 'intersect', 'except', 'returning']
const AFTER_GROUP = AFTER_FROM.filter((w) => w !== 'where' && w !== 'group')
/** Words between GRANT … ON and the object's name. */
const GRANT_KINDS = new Set(['table', 'tables', 'all', 'in', 'schema', 'sequence', 'sequences', 'function', 'functions', 'database'])
/** Aggregates a title names: the title's word and the description's verb. */
const AGGREGATES = new Map<string, readonly [string, string]>([
  ['count', ['Count', 'counts rows in']],
  ['sum', ['Total', 'totals']],
  ['avg', ['Average', 'averages']],
  ['min', ['Minimum', 'finds the minimum']],
  ['max', ['Maximum', 'finds the maximum']],
])

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const words = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ')
const lastPart = (name: string | undefined) => name?.split('.').at(-1)
/** 'a', 'a and b', 'a, b and c' */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** The object kind at the cursor: 'table', 'materialized view'… */
function kindOf(r: SqlReader): string {
  const kind = r.takeWord() ?? ''
  return TWO_WORD_KINDS.has(kind) ? words(kind, r.takeWord()) : kind
}

/** The object's name (names, when `many`), and for policies, triggers and rules the table after ON. */
function target(r: SqlReader, kind: string, many: boolean): { name: string; table?: string } {
  const name = listOf(many ? r.names() : [r.name() ?? ''])
  if (!ON_TABLE.has(kind)) return { name }
  // CREATE RULE r AS ON INSERT TO t; the others (and DROP RULE r ON t) name the table after ON
  if (kind === 'rule' && r.accept('as', 'on')) {
    r.takeWord()
    if (!r.accept('to')) return { name }
  } else if (!(r.seek('on') && r.accept('on'))) return { name }
  r.accept('only')
  return { name, table: r.name() }
}

/** CREATE, ALTER and DROP: 'Create table orders', 'Drop policy p on t', 'Create index on t'. */
function ddl(r: SqlReader, action: 'create' | 'alter' | 'drop'): Summary {
  const [title, does] = ({ create: ['Create', 'creates'], alter: ['Alter', 'alters'], drop: ['Drop', 'drops'] } as const)[action]
  while (action === 'create' && CREATE_MODIFIERS.has(r.word() ?? '')) r.takeWord()
  const kind = kindOf(r)
  if (action === 'create' && kind === 'index') {
    r.seek('on')
    r.accept('on')
    r.accept('only')
    const table = r.name()
    return { title: words('Create index on', table), verb: 'creates an index on', object: table }
  }
  r.accept('concurrently')
  r.accept('if', 'not', 'exists')
  r.accept('if', 'exists')
  r.accept('only')
  const { name, table } = target(r, kind, action === 'drop')
  if (table) return { title: `${title} ${kind} ${name} on ${table}`, verb: `${does} ${kind} ${name} on`, object: table }
  return { title: words(title, kind, name), verb: `${does} ${kind}`, object: name || undefined }
}

/** Plain column names of a GROUP BY list ('country, city'); expressions are left out. */
function groupColumns(r: SqlReader): string | undefined {
  const columns: string[] = []
  while (!r.done) {
    const name = r.name()
    if (name !== undefined && r.symbol() !== '(') columns.push(lastPart(name)!)
    while (!r.done && r.symbol() !== ',' && !AFTER_GROUP.includes(r.word() ?? '')) r.next()
    if (!r.acceptSymbol(',')) break
  }
  return columns.length ? listOf(columns) : undefined
}

/** SELECT: 'Select from orders', 'Count users by country', 'Total amount in orders'. */
function select(r: SqlReader): Summary {
  let aggregate: readonly [string, string] | undefined
  let column: string | undefined
  while (!r.done && r.word() !== 'from') {
    const found = AGGREGATES.get(r.word() ?? '')
    if (!aggregate && found && r.symbol(1) === '(') {
      r.takeWord()
      const args = r.group()!
      args.accept('distinct')
      aggregate = found
      column = lastPart(args.name())
    } else r.next()
  }
  if (!r.accept('from')) return { title: 'Select values', verb: 'selects values' }
  const tables: string[] = []
  const table = () => {
    r.accept('only')
    r.accept('lateral')
    const name = r.name()
    if (name && !tables.includes(name)) tables.push(name)
  }
  table()
  while (!r.done && !AFTER_FROM.includes(r.word() ?? '')) {
    if (r.accept('join') || r.acceptSymbol(',')) table()
    else r.next()
  }
  const from = listOf(tables) || undefined
  const by = r.seek('group') && r.accept('group', 'by') ? groupColumns(r) : undefined
  const rest = by && `by ${by}`
  if (!aggregate) return { title: words('Select from', from), verb: 'selects rows from', object: from }
  const [title, does] = aggregate
  return title === 'Count'
    ? { title: words(title, from, rest), verb: does, object: from, rest }
    : { title: words(title, column, 'in', from, rest), verb: words(does, column, 'in'), object: from, rest }
}

/** WITH a AS (…), b AS (…): skipped, to read the statement they serve. */
function skipCtes(r: SqlReader): void {
  r.accept('recursive')
  do {
    r.name()
    r.group()
    r.accept('as')
    r.accept('not')
    r.accept('materialized')
    r.group()
  } while (r.acceptSymbol(','))
}

function summarize(r: SqlReader): Summary {
  const first = r.takeWord()
  switch (first) {
    case 'with':
      skipCtes(r)
      return summarize(r)
    case 'select':
      return select(r)
    case 'values':
      return { title: 'Select values', verb: 'selects values' }
    case 'table': {
      const table = r.name()
      return { title: words('Select from', table), verb: 'selects rows from', object: table }
    }
    case 'insert':
    case 'merge': {
      r.accept('into')
      const table = r.name()
      return { title: words(capitalize(first), 'into', table), verb: `${first}s rows into`, object: table }
    }
    case 'update': {
      r.accept('only')
      const table = r.name()
      return { title: words('Update', table), verb: 'updates rows in', object: table }
    }
    case 'delete': {
      r.accept('from')
      r.accept('only')
      const table = r.name()
      return { title: words('Delete from', table), verb: 'deletes rows from', object: table }
    }
    case 'truncate': {
      r.accept('table')
      r.accept('only')
      const tables = listOf(r.names())
      return { title: words('Truncate', tables), verb: 'truncates', object: tables }
    }
    case 'create':
    case 'alter':
    case 'drop':
      return ddl(r, first)
    case 'explain': {
      r.accept('analyze')
      r.accept('verbose')
      r.group()
      const inner = summarize(r)
      return { ...inner, title: `Explain ${inner.title.charAt(0).toLowerCase()}${inner.title.slice(1)}`, verb: `explains a query that ${inner.verb}` }
    }
    case 'grant':
    case 'revoke': {
      const on = r.seek('on') && r.accept('on')
      while (on && GRANT_KINDS.has(r.word() ?? '')) r.takeWord()
      const object = on ? r.name() : undefined
      const what = object ? 'privileges on' : 'roles'
      return { title: words(capitalize(first), what, object), verb: `${first}s ${what}`, object }
    }
    case 'comment': {
      r.accept('on')
      const kind = kindOf(r)
      const name = r.name()
      return { title: words('Comment on', kind, name), verb: `comments on ${kind}`, object: name }
    }
    case 'refresh': {
      r.accept('materialized', 'view')
      r.accept('concurrently')
      const view = r.name()
      return { title: words('Refresh materialized view', view), verb: 'refreshes materialized view', object: view }
    }
    case 'call': {
      const routine = r.name()
      return { title: words('Call', routine), verb: 'calls', object: routine }
    }
    case 'do':
      return { title: 'Run a code block', verb: 'runs a code block' }
    case undefined:
      return { title: UNTITLED, verb: 'runs a statement' }
    default:
      return { title: capitalize(first), verb: `runs ${first.toUpperCase()}` }
  }
}

/** One sentence of phrases; a phrase about the same object as the one before says 'it'. */
function describe(summaries: readonly Summary[]): string {
  const phrases: string[] = []
  summaries.forEach((s, k) => {
    const before = summaries[k - 1]
    if (before && words(before.verb, before.object, before.rest) === words(s.verb, s.object, s.rest)) return
    const same = s.object !== undefined && s.object === before?.object && !s.object.includes(' and ')
    phrases.push(words(s.verb, same ? 'it' : s.object, s.rest))
  })
  const more = phrases.length - MAX_PHRASES
  const shown = more > 0 ? [...phrases.slice(0, MAX_PHRASES), `runs ${more} more statement${more > 1 ? 's' : ''}`] : phrases
  return shown.length ? `${capitalize(listOf(shown))}.` : ''
}

export function titleOf(sql: string): TitleResponse {
  const summaries = statements(sql)
    .filter((tokens) => !(tokens[0]?.kind === 'word' && FRAMING.has(tokens[0].text)))
    .map((tokens) => summarize(new SqlReader(tokens)))
  return { title: summaries[0]?.title ?? UNTITLED, description: describe(summaries) }
}
