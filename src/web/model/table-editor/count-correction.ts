/**
 * What a page of rows says about the row count. A big table's count is an estimate, and an estimate can be
 * wrong (rows added or deleted since the last ANALYZE): the database's pages are the truth, so the count
 * follows them. A full page means at least that many rows; a short page ends the rows, so the count is
 * then known exactly; an empty page past the first means at most the rows before it.
 */
import type { CountResponse } from '../../../shared/api'
import { pageCount } from './search'

/** A page the database answered: its number, its size and how many rows came back. */
export interface PageSeen {
  page: number
  limit: number
  rows: number
}

/** The count corrected by one page; the same object when the page agrees with it. */
export function correctCount(count: CountResponse, seen: PageSeen): CountResponse {
  const before = (seen.page - 1) * seen.limit
  const through = before + seen.rows
  const short = seen.rows < seen.limit && (seen.rows > 0 || seen.page === 1)
  if (short) return !count.is_estimate && count.count === through ? count : { count: through, is_estimate: false }
  if (seen.rows === seen.limit && count.count < through) return { count: through, is_estimate: true }
  if (seen.rows === 0 && count.count > before) return { count: before, is_estimate: true }
  return count
}

/** The count as the grid shows it: the database's answer, corrected by the page on screen once it is in. */
export function shownCount(count: CountResponse | undefined, seen: PageSeen | undefined): CountResponse | undefined {
  return count && seen ? correctCount(count, seen) : count
}

/**
 * Whether no page is known to follow this one: the page came back short, or an exact count ends here. An
 * estimate never ends the pages: while the page came back full, Next goes on.
 */
export function noNextPage(count: CountResponse | undefined, seen: PageSeen | undefined, page: number, limit: number): boolean {
  if (seen && seen.rows < limit) return true
  const shown = shownCount(count, seen)
  return shown !== undefined && !shown.is_estimate && page >= pageCount(shown.count, limit)
}

/** Whether this is known to be the last page: as noNextPage, but an empty page past the first is past the end. */
export function onLastPage(count: CountResponse | undefined, seen: PageSeen | undefined, page: number, limit: number): boolean {
  if (seen && seen.rows === 0 && page > 1) return false
  return noNextPage(count, seen, page, limit)
}
