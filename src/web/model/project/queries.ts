/**
 * react-query option factories, keyed by project ref. Plain functions of the api client, so screens
 * (`useQuery`) and commands or tests (`queryClient.fetchQuery`) share one cache and one key scheme.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Api } from '../../data/api'
import { ApiError } from '../../data/api'
import {
  ENTITY_LIST_LIMIT, ROW_FETCH_RETRIES, ROW_FETCH_RETRY_DELAY_MS, type PageSize, type TableListSort,
} from '../../../shared/constants'
import type { CountResponse, Impersonation } from '../../../shared/api'
import type { Filter, Sort } from '../../../shared/filters'
import { correctCount } from '../table-editor/count-correction'
import { impersonation } from './role'
import { keys } from './keys'


export const schemasQuery = (api: Api, ref: string) =>
  queryOptions({ queryKey: keys.schemas(ref), queryFn: () => api.schemas(ref) })

export interface EntitiesParams {
  schema: string
  search?: string
  sort: TableListSort
}

/** The table list, a page of ENTITY_LIST_LIMIT at a time. */
export const entitiesQuery = (api: Api, ref: string, p: EntitiesParams) =>
  infiniteQueryOptions({
    queryKey: [...keys.entities(ref), p],
    queryFn: ({ pageParam }) =>
      api.entities(ref, { schema: p.schema, search: p.search || undefined, sort: p.sort, limit: ENTITY_LIST_LIMIT, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.data.length, 0)
      return loaded < last.count && last.data.length > 0 ? loaded : undefined
    },
  })

export const entitiesKey = keys.entities

/**
 * One relation with its columns, primary keys and relationships: the grid, the policy editor and the
 * foreign-key picker all read it here, so a DDL change (keys.tables) refreshes it once for all of them.
 */
export const tableQuery = (api: Api, ref: string, tableId: number) =>
  queryOptions({ queryKey: keys.table(ref, tableId), queryFn: () => api.gridTable(ref, tableId) })

export const tableDefinitionQuery = (api: Api, ref: string, tableId: number) =>
  queryOptions({
    queryKey: keys.tableDefinition(ref, tableId),
    queryFn: () => api.tableDefinition(ref, tableId),
  })

export interface RowsParams {
  filters: Filter[]
  sorts: Sort[]
  page: number
  limit: PageSize
}

/**
 * The grid's data, as the chosen role sees it (role impersonation, spec 6): retried every 5 s, 3 tries in
 * all; a request the server refused is not retried. A page that shows the cached count was wrong corrects
 * it (count-correction.ts).
 */
export const rowsQuery = (api: Api, ref: string, tableId: number, p: RowsParams, impersonate: Impersonation | undefined = impersonation()) =>
  queryOptions({
    queryKey: [...rowsKey(ref, tableId), p, impersonate ?? null],
    queryFn: async ({ client }) => {
      const page = await api.rows(ref, { tableId, ...p, impersonate })
      const seen = { page: p.page, limit: p.limit, rows: page.rows.length }
      client.setQueryData(countQuery(api, ref, tableId, p.filters, impersonate).queryKey, (count) => count && correctCount(count, seen))
      return page
    },
    retry: (failures, error) => !isClientError(error) && failures < ROW_FETCH_RETRIES - 1,
    retryDelay: ROW_FETCH_RETRY_DELAY_MS,
    /** while another page, filter or sort of the same table loads, keep showing the rows we have */
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === tableId ? previous : undefined),
  })

export const rowsKey = keys.rows

/**
 * The row count, as the chosen role sees it: an estimate for a big table, unless `exact`. Once the count
 * is exact (asked for, or a short page ended the rows), refreshing it keeps it exact.
 */
export const countQuery = (
  api: Api, ref: string, tableId: number, filters: Filter[], impersonate: Impersonation | undefined = impersonation(), exact = false,
) =>
  queryOptions({
    queryKey: [...countKey(ref, tableId), filters, impersonate ?? null],
    queryFn: ({ client, queryKey }) => {
      const known = client.getQueryData<CountResponse>(queryKey)
      return api.count(ref, { tableId, filters, impersonate, exact: exact || known?.is_estimate === false })
    },
    retry: (failures, error) => !isClientError(error) && failures < ROW_FETCH_RETRIES - 1,
    retryDelay: ROW_FETCH_RETRY_DELAY_MS,
  })

export const countKey = keys.count

/**
 * Every RLS policy of the project, in schema, table and name order: the policies pages and the grid's RLS
 * notice (spec 8) pick theirs with `select`, and the commands look policies up in it. Needs only the read
 * grant.
 */
export const policiesQuery = (api: Api, ref: string) =>
  queryOptions({ queryKey: policiesKey(ref), queryFn: () => api.policies(ref) })

export const policiesKey = keys.policies

function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.code >= 400 && error.code < 500
}
