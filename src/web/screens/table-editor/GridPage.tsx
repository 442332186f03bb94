import { lazy, Suspense, useEffect, useLayoutEffect, useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { currentContext } from '../../../../commands/registry'
import type { GridTable } from '../../../shared/api'
import { gridTableKey } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { useApi } from '../../commands-context'
import { press } from '../../commands-run'
import { countQuery, rowsQuery, tableQuery } from '../../model/project/queries'
import { gridState, openGridTable } from '../../model/table-editor/grid'
import { openProjectRole, roleState } from '../../model/project/role'
import { setInsertPanelOpen, stopEditing } from '../../model/table-editor/row-edit'
import { hasSelection, openSelection, selection } from '../../model/table-editor/selection'
import { Alert, Button, EmptyState, Spinner } from '../../ui'
import { Grid } from './Grid'
import { GridFooter } from './GridFooter'
import { GridToolbar } from './GridToolbar'
import { InsertRowPanel } from './rows/InsertRowPanel'
import { RowPanel } from './rows/RowPanel'
import { closeRowPanel } from '../../model/table-editor/rows/row-panel'
import { SelectionHeader } from './rows/SelectionHeader'
import './rows/rows.css'
import { ignoredParts, patchGridSearch, readGridSearch } from '../../model/table-editor/search'
import { shownCount } from '../../model/table-editor/count-correction'
import { usePastEndRedirect } from './usePastEndRedirect'
import { useRememberedGridView, useRestoredGridView, type GridRun } from './useSavedGridView'
import { ApiError } from '../../data/api'

const DefinitionView = lazy(() => import('./DefinitionView').then((m) => ({ default: m.DefinitionView })))

const ROUTE = '/project/$ref/editor/$tableId'

/** /project/{ref}/editor/{tableId}: one table's rows, filtered, sorted and paged by the URL. */
export function GridPage() {
  const { ref, tableId } = useParams({ from: ROUTE })
  const id = Number(tableId)
  const table = useQuery(tableQuery(useApi(), ref, id))
  if (table.isPending) return <Loading label="Loading table" />
  if (table.isError) {
    return (
      <div className="te-panel">
        <Alert type="destructive" title="Failed to load the table">
          {table.error.message}
        </Alert>
      </div>
    )
  }
  return <TableView key={id} projectRef={ref} table={table.data} />
}

function TableView({ projectRef, table }: { projectRef: string; table: GridTable }) {
  const api = useApi()
  // the route keeps each part as the URL gives it: what the grid cannot read is ignored, and said so
  const search: Record<string, unknown> = useSearch({ from: ROUTE })
  const view = useMemo(() => readGridSearch(search), [search])
  const ignored = useMemo(() => ignoredParts(search), [search])
  const ready = useRestoredGridView(projectRef, table, search)
  const { ref: layoutRef, tableKey } = useSnapshot(gridState)
  useLayoutEffect(() => openGridTable(projectRef, table.schema, table.name), [projectRef, table.schema, table.name])
  const layoutReady = layoutRef === projectRef && tableKey === gridTableKey(table.schema, table.name)
  // the rows and the count are those the role chosen for this project sees (kept for the session)
  const { role, ref: roleRef } = useSnapshot(roleState)
  useLayoutEffect(() => openProjectRole(projectRef), [projectRef])
  const roleReady = roleRef === projectRef
  useSnapshot(selection) // the selection header replaces the toolbar while rows are selected
  useLayoutEffect(() => openSelection(projectRef, table.id), [projectRef, table.id])
  // an editor, the insert panel or the row panel belongs to the table it was opened on
  useEffect(
    () => () => {
      stopEditing()
      setInsertPanelOpen(false)
      closeRowPanel()
    },
    [],
  )

  const params = { filters: view.filters, sorts: view.sorts, page: view.page, limit: view.rows }
  const rows = useQuery({ ...rowsQuery(api, projectRef, table.id, params), enabled: ready && roleReady && view.view === 'data' })
  const count = useQuery({ ...countQuery(api, projectRef, table.id, view.filters), enabled: ready && roleReady })
  const run: GridRun = rows.isError
    ? rows.error instanceof ApiError && rows.error.code >= 400 && rows.error.code < 500 ? 'refused' : 'pending'
    : rows.isSuccess && !rows.isPlaceholderData ? 'ran' : 'pending'
  useRememberedGridView(projectRef, table, view, run)

  // Spec 4: if the error says something does not exist (a saved sort on a dropped column), clear the sort.
  const missing = rows.isError && /does not exist/i.test(rows.error.message) && view.sorts.length > 0
  useEffect(() => {
    if (missing) void currentContext().navigate({ search: (prev) => patchGridSearch(prev, { sorts: [] }), replace: true })
  }, [missing])

  // The count follows what the page on screen shows (count-correction.ts).
  const seen = rows.data && !rows.isPlaceholderData ? { page: view.page, limit: view.rows, rows: rows.data.rows.length } : undefined
  const shown = shownCount(count.data, seen)
  const pastEnd = usePastEndRedirect(projectRef, table.id, view, seen)

  let body
  if (view.view === 'definition') {
    body = (
      <Suspense fallback={<Loading label="Loading definition" />}>
        <DefinitionView projectRef={projectRef} tableId={table.id} />
      </Suspense>
    )
  } else if (rows.isError) {
    body = (
      <div className="te-panel">
        <Alert
          type="destructive"
          title={MSG.gridError}
          action={
            <div className="te-actions">
              {view.filters.length > 0 && (
                <Button size="sm" variant="ghost" onClick={() => press('grid.filter.clear')}>
                  {MSG.removeAllFilters}
                </Button>
              )}
              <Button size="sm" onClick={() => press('grid.refresh')} loading={rows.isFetching}>
                Try again
              </Button>
            </div>
          }
        >
          {rows.error.message}
        </Alert>
      </div>
    )
  } else if (!rows.data || !layoutReady) {
    body = <Loading label="Loading rows" />
  } else if (pastEnd) {
    body = <Loading label="Finding the last page" />
  } else {
    const empty =
      view.filters.length > 0 ? (
        <EmptyState
          title={MSG.filtersNoResults}
          action={<Button onClick={() => press('grid.filter.clear')}>{MSG.removeAllFilters}</Button>}
        />
      ) : role !== 'postgres' ? (
        <EmptyState
          title={`No rows are visible to ${role}`}
          description="Row level security lets this role see none of the table's rows."
          action={<Button onClick={() => press('grid.role.set', { role: 'postgres' })}>Query as postgres</Button>}
        />
      ) : (
        <EmptyState title={MSG.tableEmpty} />
      )
    body = (
      <Grid
        projectRef={projectRef}
        table={table}
        rows={rows.data.rows}
        firstRowNumber={(view.page - 1) * view.rows + 1}
        pageKey={JSON.stringify([view.page, view.rows, view.filters, view.sorts])}
        sorts={view.sorts}
        empty={empty}
      />
    )
  }

  return (
    <div className="te-grid-page">
      {view.view === 'data' && hasSelection(projectRef, table.id) ? (
        <SelectionHeader count={shown} />
      ) : (
        <GridToolbar projectRef={projectRef} table={table} filters={view.filters} sorts={view.sorts} />
      )}
      {ignored.length > 0 && (
        <Alert type="warning" className="te-url-notice">
          {ignored.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </Alert>
      )}
      <div className="te-grid-area">{body}</div>
      <InsertRowPanel table={table} />
      <RowPanel projectRef={projectRef} table={table} />
      <GridFooter view={view} count={count} shown={shown} fetching={rows.isFetching && !rows.isPending} />
    </div>
  )
}

function Loading({ label }: { label: string }) {
  return (
    <div className="te-center">
      <Spinner size={18} label={label} />
    </div>
  )
}
