/**
 * Paging the grid past an estimate (spec 2 footer): pages end where the database's rows end, not where an
 * estimated count says. The last page comes from an exact count (count(*) with the grid's filters, as the
 * chosen role): the one page number that is right whatever the filters and sorts. A page read backwards
 * from the end would not line up with the pages before it, and without a primary key to break ties its
 * rows need not be those that paging forwards would reach.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Api } from '../../data/api'
import type { CountResponse } from '../../../shared/api'
import type { Filter } from '../../../shared/filters'
import { countQuery, rowsQuery } from '../project/queries'
import { impersonation } from '../project/role'
import type { PageSeen } from './count-correction'
import { pageCount, type GridView } from './search'

/** Where the grid's queries live: the cache, the client and the open table. */
export interface GridPlace {
  client: QueryClient
  api: Api
  ref: string
  tableId: number
}

/** Counts the rows exactly (count(*), whatever the table's size) and keeps the answer as the grid's count. */
export async function countExactly({ client, api, ref, tableId }: GridPlace, filters: Filter[]): Promise<CountResponse> {
  const exact = countQuery(api, ref, tableId, filters, impersonation(), true)
  // an estimate on its way would otherwise answer in place of the exact count, or overwrite it
  await client.cancelQueries({ queryKey: exact.queryKey, exact: true })
  return client.fetchQuery({ ...exact, staleTime: 0 })
}

/** The last page: from the count when it is already exact, otherwise after counting exactly. */
export async function lastPage(place: GridPlace, view: Pick<GridView, 'filters' | 'rows'>): Promise<number> {
  const known = place.client.getQueryData(countQuery(place.api, place.ref, place.tableId, view.filters).queryKey)
  const count = known && !known.is_estimate ? known : await countExactly(place, view.filters)
  return pageCount(count.count, view.rows)
}

/** The grid's count as cached now, if any. */
export function cachedCount({ client, api, ref, tableId }: GridPlace, filters: Filter[]): CountResponse | undefined {
  return client.getQueryData(countQuery(api, ref, tableId, filters).queryKey)
}

/** What the page on screen came back with, once it is in. */
export function pageSeen({ client, api, ref, tableId }: GridPlace, view: GridView): PageSeen | undefined {
  const params = { filters: view.filters, sorts: view.sorts, page: view.page, limit: view.rows }
  const data = client.getQueryData(rowsQuery(api, ref, tableId, params).queryKey)
  return data && { page: view.page, limit: view.rows, rows: data.rows.length }
}
