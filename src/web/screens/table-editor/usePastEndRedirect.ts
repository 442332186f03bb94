import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { currentContext } from '../../../../commands/registry'
import { useApi } from '../../commands-context'
import type { PageSeen } from '../../model/table-editor/count-correction'
import { countExactly } from '../../model/table-editor/paging'
import { pageCount, patchGridSearch, type GridView } from '../../model/table-editor/search'

/**
 * A page past the end of the rows (rows deleted since, a hand-typed `?page=`, Go to page past an estimate)
 * comes back empty: the grid goes to the real last page, found by an exact count, in place of this entry
 * in the history. A table or filter with no rows at all lands on page 1 and its empty state. True while
 * the grid is on its way there.
 */
export function usePastEndRedirect(projectRef: string, tableId: number, view: GridView, seen: PageSeen | undefined): boolean {
  const client = useQueryClient()
  const api = useApi()
  const pastEnd = seen !== undefined && seen.rows === 0 && view.page > 1
  const { page, rows, filters } = view
  useEffect(() => {
    if (!pastEnd) return
    let current = true
    countExactly({ client, api, ref: projectRef, tableId }, filters)
      .then((count) => Math.min(pageCount(count.count, rows), page - 1), () => 1)
      .then((last) => {
        if (current) void currentContext().navigate({ search: (prev) => patchGridSearch(prev, { page: last }), replace: true })
      })
    return () => {
      current = false
    }
  }, [pastEnd, client, api, projectRef, tableId, page, rows, filters])
  return pastEnd
}
