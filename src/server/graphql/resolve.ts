/**
 * The resolvers: each collection, link, node or mutation field becomes one statement (see sql-select.ts,
 * sql-write.ts) run on the request's transaction, as its caller.
 */
import type { GraphQLResolveInfo } from 'graphql'
import type { Param } from '../db/driver'
import { GraphqlError } from './errors'
import { decodeNodeId, encodeNodeId } from './ids'
import type { GqlEntity, GqlLink, GqlModel } from './model'
import { neededColumns, selectedNames } from './selection'
import { colRef, columnOf, type Params, typeOf } from './sql-parts'
import { collectionQuery, countQuery, cursorOf, type CollectionArgs } from './sql-select'
import { deleteQuery, insertQuery, updateQuery, type WriteQuery } from './sql-write'

export interface ExecContext {
  model: GqlModel
  /** runs on the request's one transaction, one statement at a time */
  query(sql: string, params: readonly Param[]): Promise<{ r: unknown }[]>
  count(sql: string, params: readonly Param[]): Promise<number>
}

/** A record: its entity and the columns read for it. */
export class EntityRow {
  constructor(
    readonly entity: GqlEntity,
    readonly values: Record<string, unknown>,
  ) {}

  get nodeId(): string {
    const { schema, name, primaryKey } = this.entity.relation
    return encodeNodeId(schema, name, primaryKey.map((k) => keyValue(this.entity, k, this.values[k])))
  }
}

/** A key's value as pg_graphql puts it in a nodeId: a bigint (read as text) as a number when one holds it exactly. */
function keyValue(e: GqlEntity, column: string, v: unknown): string | number {
  const big = e.columns.find((c) => c.column.name === column)?.kind === 'BigInt'
  return big && typeof v === 'string' && Number.isSafeInteger(Number(v)) ? Number(v) : (v as string | number)
}

const parse = (r: unknown) => JSON.parse(String(r)) as Record<string, unknown>

function rowOf(e: GqlEntity, raw: Record<string, unknown>, names: readonly string[]): EntityRow {
  const values: Record<string, unknown> = {}
  names.forEach((n, i) => (values[n] = raw[`c${i}`] ?? null))
  return new EntityRow(e, values)
}

/** The condition tying a link's target rows to its parent record; null when a parent column is null. */
function linkCondition(link: GqlLink, parent: EntityRow): ((alias: string, p: Params) => string) | null {
  const values = link.local.map((c) => parent.values[c])
  if (values.some((v) => v === null || v === undefined)) return null
  return (alias, p) =>
    link.remote
      .map((rc, i) => `${colRef(alias, rc)} = ${p.add(typeof values[i] === 'string' ? (values[i] as string) : JSON.stringify(values[i]))}::${typeOf(columnOf(link.target, rc))}`)
      .join(' and ')
}

const EMPTY_PAGE = { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null }, totalCount: 0 }

/** A collection field: on Query (no link) or on a record (a to-many link). */
export function collectionResolver(e: GqlEntity, link?: GqlLink) {
  return async (parent: EntityRow | undefined, args: CollectionArgs, ctx: ExecContext, info: GraphQLResolveInfo) => {
    const extra = link && parent ? linkCondition(link, parent) : undefined
    if (extra === null) return EMPTY_PAGE
    const q = collectionQuery(e, args, neededColumns(e, selectedNames(info, ['edges', 'node'])), extra)
    const raws = (await ctx.query(q.sql, q.params.values)).map((x) => parse(x.r))
    const more = raws.length > q.limit
    const page = raws.slice(0, q.limit)
    if (q.backward) page.reverse()
    const edges = page.map((raw) => ({ cursor: cursorOf(raw, q.keys), node: rowOf(e, raw, q.names) }))
    return {
      edges,
      pageInfo: {
        hasNextPage: q.backward ? args.before != null : more,
        hasPreviousPage: q.backward ? more : args.after != null || (args.offset ?? 0) > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
      totalCount: () => {
        const c = countQuery(e, args.filter, extra)
        return ctx.count(c.sql, c.params.values)
      },
    }
  }
}

/** A to-one link: the one record its key points at, or null. */
export function toOneResolver(link: GqlLink) {
  return async (parent: EntityRow, _args: unknown, ctx: ExecContext, info: GraphQLResolveInfo) => {
    const extra = linkCondition(link, parent)
    if (!extra) return null
    const q = collectionQuery(link.target, { first: 1 }, neededColumns(link.target, selectedNames(info, [])), extra)
    const raw = (await ctx.query(q.sql, q.params.values))[0]
    return raw ? rowOf(link.target, parse(raw.r), q.names) : null
  }
}

/** Query.node(nodeId): the record of any entity by its global id. */
export async function nodeResolver(_: unknown, args: { nodeId: string }, ctx: ExecContext, info: GraphQLResolveInfo) {
  const id = decodeNodeId(args.nodeId)
  const e = ctx.model.byTable.get(`${id.schema}.${id.table}`)
  if (!e || id.key.length !== e.relation.primaryKey.length) return null
  const cond = (alias: string, p: Params) =>
    e.relation.primaryKey.map((k, i) => `${colRef(alias, k)} = ${p.add(String(id.key[i]))}::${typeOf(columnOf(e, k))}`).join(' and ')
  const q = collectionQuery(e, { first: 1 }, neededColumns(e, selectedNames(info, [])), cond)
  const raw = (await ctx.query(q.sql, q.params.values))[0]
  return raw ? rowOf(e, parse(raw.r), q.names) : null
}

async function write(e: GqlEntity, q: WriteQuery, ctx: ExecContext, atMost: number | null, what: string) {
  const rows = (await ctx.query(q.sql, q.params.values)).map((x) => rowOf(e, parse(x.r), q.names))
  if (atMost !== null && rows.length > atMost) throw new GraphqlError(`${what} impacts too many records`)
  return { affectedCount: rows.length, records: rows }
}

const recordColumns = (e: GqlEntity, info: GraphQLResolveInfo) => neededColumns(e, selectedNames(info, ['records']))

export const insertResolver = (e: GqlEntity) => (_: unknown, args: { objects: Record<string, unknown>[] }, ctx: ExecContext, info: GraphQLResolveInfo) =>
  write(e, insertQuery(e, args.objects, recordColumns(e, info)), ctx, null, 'insert')

export const updateResolver =
  (e: GqlEntity) => (_: unknown, args: { set: Record<string, unknown>; filter?: Record<string, unknown>; atMost: number }, ctx: ExecContext, info: GraphQLResolveInfo) =>
    write(e, updateQuery(e, args.set, args.filter, recordColumns(e, info)), ctx, args.atMost, 'update')

export const deleteResolver =
  (e: GqlEntity) => (_: unknown, args: { filter?: Record<string, unknown>; atMost: number }, ctx: ExecContext, info: GraphQLResolveInfo) =>
    write(e, deleteQuery(e, args.filter, recordColumns(e, info)), ctx, args.atMost, 'delete')
