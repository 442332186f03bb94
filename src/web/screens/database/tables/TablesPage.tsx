import { useEffect, useMemo, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Plus, RotateCw, Search, Table2 } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, DisabledReason, EmptyState, Input, Kbd } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { schemasQuery } from '../../../model/project/queries'
import { visibleSchemas } from '../../../model/table-editor/schemas'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { filterTables, listedSchema, schemaLockedReason, tableSummariesQuery } from '../../../model/database/tables/tables-data'
import { databaseTablesState } from '../../../model/database/tables/tables-state'
import { SchemaSelect } from '../../table-editor/SchemaSelect'
import { TableDialogs } from '../../table-editor/structure/TableDialogs'
import { TablesDialogs } from './TablesDialogs'
import { TablesList } from './TablesList'
import '../../table-editor/table-editor.css'
import './tables.css'

const ROUTE = '/project/$ref/database/tables'
const SEARCH_DEBOUNCE_MS = 200

function Skeleton() {
  return (
    <div className="db-skeleton" aria-busy="true" aria-label="Loading tables">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="db-skeleton__shimmer dbt-skeleton__row" />
      ))}
    </div>
  )
}

/** /project/{ref}/database/tables: one schema's tables with their size, rows, columns and RLS; each action a command. */
export function TablesPage() {
  const { ref } = useParams({ from: ROUTE })
  const api = useApi()
  const urlSearch = useSearch({ from: ROUTE })
  const schema = listedSchema(urlSearch)
  const search = urlSearch.search?.trim() ?? ''
  const schemas = useQuery(schemasQuery(api, ref))
  const tables = useQuery(tableSummariesQuery(api, ref, schema))
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.tables.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const createReason = useCommandReason('table-editor.table.create-panel.open')
  const locked = schemaLockedReason(schema)
  const shown = useMemo(() => filterTables(tables.data ?? [], search), [tables.data, search])
  const { overrides } = useSnapshot(keymap)
  const { searchFocus } = useSnapshot(databaseTablesState)
  const searchRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (searchFocus) searchRef.current?.focus()
  }, [searchFocus])

  const count = tables.data?.length ?? 0
  return (
    <div className="db-page dbt-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Tables</h1>
          <p className="area-header__lead" role="status">
            {tables.data
              ? `${search ? `${shown.length.toLocaleString('en-US')} of ` : ''}${count.toLocaleString('en-US')} ${count === 1 ? 'table' : 'tables'} in ${schema}`
              : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <div className="dbt-schema">
            <SchemaSelect value={schema} schemas={visibleSchemas(schemas.data ?? [])} onChange={(s) => press('table-editor.schema.select', { schema: s })} />
          </div>
          <Input
            ref={searchRef}
            type="search"
            size="md"
            icon={<Search size={14} />}
            placeholder="Search for a table"
            aria-label="Search for a table"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="dbt-search"
          />
          <DisabledReason reason={createReason}>
            <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('table-editor.table.create-panel.open', {})}>
              New table
              {bindingFor('table-editor.table.create-panel.open', overrides) && <Kbd binding={bindingFor('table-editor.table.create-panel.open', overrides)!} />}
            </Button>
          </DisabledReason>
        </div>
      </header>
      {locked && (
        <Alert type="warning" className="dbt-notice">
          {locked}
        </Alert>
      )}
      {tables.isError ? (
        <Alert
          type="destructive"
          title={MSG.tablesError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.tables.refresh')}>Retry</Button>}
          className="db-error"
        >
          {tables.error.message}
        </Alert>
      ) : !tables.data ? (
        <Skeleton />
      ) : count === 0 ? (
        <EmptyState
          icon={<Table2 size={20} />}
          title={MSG.tablesEmpty(schema)}
          description={locked ? locked : 'Create a table to store your data: it gets an id, a created_at column and row level security.'}
          action={
            locked ? undefined : (
              <DisabledReason reason={createReason}>
                <Button icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('table-editor.table.create-panel.open', {})}>
                  Create a table
                </Button>
              </DisabledReason>
            )
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
      ) : (
        <TablesList projectRef={ref} tables={shown} lockedReason={locked} />
      )}
      <TableDialogs projectRef={ref} />
      <TablesDialogs projectRef={ref} />
    </div>
  )
}
