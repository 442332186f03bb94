/** The grid's SQL builders, as pure functions: what SQL and parameters a filter, sort or page becomes. */
import { describe, expect, it } from 'vitest'
import { MAX_CELL_CHARACTERS } from '../../src/shared/constants'
import type { Filter } from '../../src/shared/filters'
import type { Param } from '../../src/server/db/driver'
import type { RowSource } from '../../src/server/rows/source'
import {
  DEFERRED_JOIN_OFFSET, countRows, explainRows, orderClause, selectList, selectRows, whereClause,
} from '../../src/server/rows/sql'

const col = (name: string, type: string, category: string) =>
  ({ name, type, category, sqlType: type, generated: false, identity: '', updatable: true }) as const
const source: RowSource = {
  id: 1,
  schema: 'public',
  name: 'we"ird',
  kind: 'r',
  type: 'table',
  reltuples: 10,
  writable: true,
  columns: [
    col('id', 'int8', 'N'),
    col('title', 'text', 'S'),
    col('meta', 'jsonb', 'U'),
    col('done', 'bool', 'B'),
    col('Mixed Case', 'int4', 'N'),
  ],
  primaryKey: ['id'],
}
const noKey: RowSource = { ...source, primaryKey: [] }

function where(filters: Filter[]) {
  const params: Param[] = []
  return { sql: whereClause(source, filters, params), params }
}

describe('whereClause', () => {
  it('binds comparison values as parameters', () => {
    expect(where([{ column: 'id', operator: 'gte', value: '5' }, { column: 'title', operator: 'neq', value: "o'k" }])).toEqual({
      sql: ' where t."id" >= $1 and t."title" <> $2',
      params: ['5', "o'k"],
    })
    for (const [operator, sql] of [['eq', '='], ['gt', '>'], ['lt', '<'], ['lte', '<=']] as const) {
      expect(where([{ column: 'Mixed Case', operator, value: '1' }]).sql).toBe(` where t."Mixed Case" ${sql} $1`)
    }
  })

  it('casts non-text columns to text for like and ilike', () => {
    expect(where([{ column: 'title', operator: 'like', value: 'a%' }]).sql).toBe(' where t."title" like $1')
    expect(where([{ column: 'id', operator: 'ilike', value: '1%' }]).sql).toBe(' where t."id"::text ilike $1')
  })

  it("splits 'in' on commas, one parameter each; an empty list matches nothing", () => {
    expect(where([{ column: 'id', operator: 'in', value: '1, 2,3' }])).toEqual({
      sql: ' where t."id" in ($1, $2, $3)',
      params: ['1', '2', '3'],
    })
    expect(where([{ column: 'id', operator: 'in', value: ' , ' }])).toEqual({ sql: ' where false', params: [] })
  })

  it("takes null, not null, true and false for 'is', and nothing else", () => {
    expect(where([{ column: 'done', operator: 'is', value: 'not null' }]).sql).toBe(' where t."done" is not null')
    expect(where([{ column: 'done', operator: 'is', value: 'false' }]).sql).toBe(' where t."done" is false')
    expect(() => where([{ column: 'done', operator: 'is', value: 'maybe' }])).toThrow(/null, not null, true, false/)
  })

  it('refuses a column the table does not have', () => {
    expect(() => where([{ column: 'nope', operator: 'eq', value: '1' }])).toThrow(
      'Column "nope" does not exist on public.we"ird',
    )
  })
})

describe('orderClause', () => {
  it('orders by the primary key when nothing is sorted, and after the sorts otherwise', () => {
    expect(orderClause(source, [])).toBe(' order by t."id" asc')
    expect(orderClause(source, [{ column: 'title', ascending: false }])).toBe(' order by t."title" desc, t."id" asc')
    expect(orderClause(source, [{ column: 'id', ascending: false }])).toBe(' order by t."id" desc')
    expect(orderClause(source, [{ column: 'title', ascending: true, nullsFirst: true }])).toBe(
      ' order by t."title" asc nulls first, t."id" asc',
    )
    expect(orderClause(noKey, [])).toBe('')
  })

  it('refuses to sort by a column the table does not have', () => {
    expect(() => orderClause(source, [{ column: 'x', ascending: true }])).toThrow(/does not exist/)
  })
})

describe('selectRows', () => {
  it('cuts text-like columns one character past the limit, so the server can tell they were long', () => {
    expect(selectList(source)).toBe(
      `t."id", left(t."title"::text, ${MAX_CELL_CHARACTERS + 1}) as "title", ` +
        `left(t."meta"::text, ${MAX_CELL_CHARACTERS + 1}) as "meta", t."done", t."Mixed Case"`,
    )
  })

  const filters: Filter[] = [{ column: 'done', operator: 'is', value: 'true' }]
  const sorts = [{ column: 'title', ascending: true }]

  it('selects the first pages directly, in order', () => {
    const { sql, params } = selectRows(source, { filters, sorts, page: 3, limit: 100 })
    expect(sql).toBe(
      `select ${selectList(source)} from "public"."we""ird" t where t."done" is true` +
        ` order by t."title" asc, t."id" asc limit $1 offset $2`,
    )
    expect(params).toEqual([100, 200])
  })

  it('deep in a table, finds the page of keys first and joins the rows to them', () => {
    const page = DEFERRED_JOIN_OFFSET / 100 + 1
    const { sql, params } = selectRows(source, { filters, sorts, page, limit: 100 })
    expect(sql).toBe(
      `select ${selectList(source)} from "public"."we""ird" t join (select "id" from "public"."we""ird" t` +
        ` where t."done" is true order by t."title" asc, t."id" asc limit $1 offset $2) k using ("id")` +
        ` order by t."title" asc, t."id" asc`,
    )
    expect(params).toEqual([100, DEFERRED_JOIN_OFFSET])
  })

  it('pages a relation without a primary key directly, however deep', () => {
    const { sql, params } = selectRows(noKey, { filters: [{ column: 'id', operator: 'eq', value: '7' }], sorts: [], page: 100, limit: 500 })
    expect(sql).toBe(`select ${selectList(noKey)} from "public"."we""ird" t where t."id" = $1 limit $2 offset $3`)
    expect(params).toEqual(['7', 500, 49_500])
  })
})

describe('countRows and explainRows', () => {
  it('count and explain the filtered rows', () => {
    const filters: Filter[] = [{ column: 'title', operator: 'ilike', value: '%a%' }]
    expect(countRows(source, filters)).toEqual({
      sql: 'select count(*) as count from "public"."we""ird" t where t."title" ilike $1',
      params: ['%a%'],
    })
    expect(explainRows(source, [])).toEqual({
      sql: 'explain (format json) select from "public"."we""ird" t',
      params: [],
    })
  })
})
