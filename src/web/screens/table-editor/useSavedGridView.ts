import { useEffect, useRef } from 'react'
import { currentContext } from '../../../../commands/registry'
import type { GridTable } from '../../../shared/api'
import { formatFilter, formatSort, parseFilters, parseSorts } from '../../../shared/filters'
import { saveFiltersAndSorts, savedGridView } from '../../model/table-editor/grid'
import { gridSearchSchema, ignoredParts, patchGridSearch, type GridView } from '../../model/table-editor/search'

/** How the rows of the URL's filters and sorts came out: only a run that succeeded is remembered. */
export type GridRun = 'pending' | 'ran' | 'refused'

/**
 * Spec 4: when a table first opens with no filter or sort in the URL at all (not even one that could not
 * be read), its saved ones are put into the URL. False while that restore is on its way, so the grid does
 * not fetch the unfiltered rows first.
 */
export function useRestoredGridView(ref: string, table: GridTable, search: Record<string, unknown>): boolean {
  const handled = useRef(false)
  const given = gridSearchSchema.parse(search)
  const asked = given.filter.length > 0 || given.sort.length > 0 || ignoredParts(search).length > 0
  const saved = handled.current || asked ? null : savedGridView(ref, table.schema, table.name)
  const restore = saved && (saved.filters?.length || saved.sorts?.length) ? saved : null

  useEffect(() => {
    if (handled.current) return
    handled.current = true
    if (restore) {
      const patch = { filters: parseFilters(restore.filters), sorts: parseSorts(restore.sorts) }
      void currentContext().navigate({ search: (prev) => patchGridSearch(prev, patch), replace: true })
    }
  }, [])

  return restore === null
}

/**
 * Filters and sorts are saved once their rows have loaded: a set the database refused is never saved,
 * and a saved set it now refuses is forgotten, so it does not come back each time the table opens.
 */
export function useRememberedGridView(ref: string, table: GridTable, view: GridView, run: GridRun): void {
  const filters = view.filters.map(formatFilter)
  const sorts = view.sorts.map(formatSort)
  const filterKey = filters.join('\n')
  const sortKey = sorts.join('\n')

  useEffect(() => {
    if (run === 'pending') return
    if (run === 'ran') return saveFiltersAndSorts(ref, table.schema, table.name, filters, sorts)
    const current = savedGridView(ref, table.schema, table.name)
    if ((current.filters ?? []).join('\n') === filterKey && (current.sorts ?? []).join('\n') === sortKey) {
      saveFiltersAndSorts(ref, table.schema, table.name, [], [])
    }
  }, [ref, table.schema, table.name, filterKey, sortKey, run]) // the keys stand for the lists
}
