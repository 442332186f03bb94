/**
 * Snippet titles and descriptions derived from the SQL itself (POST /api/ai/sql/title); no AI service is
 * involved. The title says what the first meaningful statement does ('Create table orders', 'Count users by
 * country'); the description, in one sentence, what every statement does ('Creates table orders and
 * inserts rows into it.').
 */
import type { TitleResponse } from '../../shared/content'
import { SqlReader } from './sql-reader'
import { statements } from './sql-tokens'

/** What one statement does: a title, and a phrase for the description: verb, object (a pronoun's antecedent), rest. */
interface Summary {
  title: string
  verb: string
  object?: string
  rest?: string
}

export const UNTITLED = 'Untitled query'
/** Statements that frame others and say nothing by themselves. */
const FRAMING = new Set(['begin', 'start', 'commit', 'end', 'rollback', 'abort', 'savepoint', 'release', 'set', 'reset'])
/** The description names at most this many phrases, then counts the rest. */
const MAX_PHRASES = 4

/** Words between CREATE and the kind of object ('create or replace temp view'). */
const CREATE_MODIFIERS = new Set(['or', 'replace', 'temp', 'temporary', 'unlogged', 'unique', 'global', 'local', 'trusted', 'procedural', 'constraint', 'recursive'])
/** Object kinds spelled with two words ('materialized view'). */
const TWO_WORD_KINDS = new Set(['materialized', 'foreign', 'event', 'text', 'default', 'access', 'operator', 'user'])
/** Kinds of object that belong to a table ('create policy p on t'). */
const ON_TABLE = new Set(['policy', 'trigger', 'rule'])
/** Words that end a FROM list. */
const AFTER_FROM = ['where', 'group', 'having', 'window', 'order', 'limit', 'offset', 'fetch', 'for', 'union', 'intersect', 'except', 'returning']
/** Aggregates a title names: title word and description verb. */
const AGGREGATES: Record<string, [string, string]> = {
  count: ['Count', 'counts rows in'],
  sum: ['Total', 'totals'],
  avg: ['Average', 'averages'],
  min: ['Minimum', 'finds the minimum'],
  max: ['Maximum', 'finds the maximum'],
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
/** 'a', 'a and b', 'a, b and c' */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
const words = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ')

/** The object kind at the cursor: 'table', 'materialized view'… */
function kindOf(r: SqlReader): string {
  const kind = r.takeWord() ?? ''
  return TWO_WORD_KINDS.has(kind) ? words(kind, r.takeWord()) : kind
}

/** 'name on table' for policies, triggers and rules; else the name(s). */
function target(r: SqlReader, kind: string, many = false): { name: string; table?: string } {
  const name = listOf(many ? r.names() : [r.name() ?? ''])
  if (!ON_TABLE.has(kind) || !r.seek('on')) return { name }
  r.accept('on')
  r.accept('only')
  return { name, table: r.name() }
}

function create(r: SqlReader): Summary {
  while (r.word() !== undefined && CREATE_MODIFIERS.has(r.word()!)) r.takeWord()
  const kind = kindOf(r)
  if (kind === 'index') {
    r.seek('on')
    r.accept('on')
    r.accept('only')
    const table = r.name()
    return { title: words('Create index on', table), verb: 'creates an index on', object: table }
  }
  r.accept('if', 'not', 'exists')
  const { name, table } = target(r, kind)
  if (table) return { title: `Create ${kind} ${name} on ${table}`, verb: `creates ${kind} ${name} on`, object: table }
  return { title: words('Create', kind, name), verb: `creates ${kind}`, object: name }
}

function alterOrDrop(r: SqlReader, verb: 'alter' | 'drop'): Summary {
  const kind = kindOf(r)
  r.accept('concurrently')
  r.accept('if', 'exists')
  r.accept('only')
  const { name, table } = target(r, kind, verb === 'drop')
  const title = capitalize(verb)
  const does = verb === 'alter' ? 'alters' : 'drops'
  if (table) return { title: `${title} ${kind} ${name} on ${table}`, verb: `${does} ${kind} ${name} on`, object: table }
  return { title: words(title, kind, name), verb: `${does} ${kind}`, object: name }
}

function select(r: SqlReader): Summary {
  // the first aggregate in the select list, and the column it reads
  let aggregate: string | undefined
  let column: string | undefined
  while (!r.done && r.word() !== 'from' && r.word() !== 'into') {
    const w = r.word()
    if (!aggregate && w && w in AGGREGATES && r.symbol(1) === '(') {
      aggregate = w
      r.takeWord()
      r.symbol()
      const inside = new SqlReader([]).rest // placeholder replaced below
      void inside
    }
    r.next()
  }
  void column
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
    const t = r.next()
    if ((t?.kind === 'word' && t.text === 'join') || (t?.kind === 'symbol' && t.text === ',')) table()
  }
  const from = listOf(tables)
  const by = r.seek('group') && r.accept('group', 'by') ? groupColumns(r) : undefined
  if (!aggregate) return { title: words('Select from', from), verb: 'selects rows from', object: from || undefined }
  const [label, does] = AGGREGATES[aggregate]!
  return aggregate === 'count'
    ? { title: words(label, from, by && `by ${by}`), verb: does, object: from, rest: by && `by ${by}` }
    : { title: words(label, column, 'in', from, by && `by ${by}`), verb: words(does, column, 'in'), object: from, rest: by && `by ${by}` }
}
