import { useEffect, useRef } from 'react'
import { currentContext } from '../../../../commands/registry'
import type { GridTable } from '../../../shared/api'
import { formatFilter, formatSort, parseFilters, parseSorts } from '../../../shared/filters'
import { saveFiltersAndSorts, savedGridView } from '../../model/table-editor/grid'
import { patchGridSearch, type GridView } from '../../model/table-editor/search'

/**
 * Spec 4: when a table first opens with no filter or sort in the URL, its saved ones are put into the
 * URL; after that, every change of the URL's filters and sorts is saved. False while a restore is on
 * its way, so the grid does not fetch the unfiltered rows first.
 */
export function useSavedGridView(ref: string, table: GridTable, view: GridView): boolean {
  const handled = useRef(false)
  const filters = view.filters.map(formatFilter)
  const sorts = view.sorts.map(formatSort)
  const saved = handled.current || filters.length || sorts.length ? null : savedGridView(ref, table.schema, table.name)
  const restore = saved && (saved.filters?.length || saved.sorts?.length) ? saved : null
  const filterKey = filters.join('\n')
  const sortKey = sorts.join('\n')

  useEffect(() => {
    if (!handled.current) {
      handled.current = true
      if (restore) {
        const patch = { filters: parseFilters(restore.filters), sorts: parseSorts(restore.sorts) }
        void currentContext().navigate({ search: (prev) => patchGridSearch(prev, patch), replace: true })
        return
      }
    }
    saveFiltersAndSorts(ref, table.schema, table.name, filters, sorts)
  }, [ref, table.schema, table.name, filterKey, sortKey]) // the keys stand for the lists

  return restore === null
}
