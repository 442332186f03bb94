import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Lightbulb, Plus, RotateCw, Search } from 'lucide-react'
import { isProtectedSchema } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { useCommandState } from '../../../command-state'
import { Alert, Button, DisabledReason, EmptyState, Input, Select } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { DEFAULT_SCHEMA } from '../../../model/database/search'
import { filterIndexes, indexesQuery, indexTablesQuery } from '../../../model/database/indexes/indexes-data'
import { studioQuery } from '../../../model/project/project-queries'
import { schemasQuery } from '../../../model/project/queries'
import { SchemaSelect } from '../../table-editor/SchemaSelect'
import { IndexDialogs } from './IndexDialogs'
import { IndexHintsPanel } from './IndexHints'
import { IndexList } from './IndexList'
import './indexes.css'

const ROUTE = '/project/$ref/database/indexes'
const SEARCH_DEBOUNCE_MS = 200
const ALL_TABLES = '*'

/** /project/{ref}/database/indexes: one schema's indexes, the hints, create and drop. */
export function IndexesPage() {
  const { ref } = useParams({ from: ROUTE })
  const api = useApi()
  const urlSearch = useSearch({ from: ROUTE })
  const schema = urlSearch.schema ?? DEFAULT_SCHEMA
  const search = urlSearch.search?.trim() ?? ''
  const table = urlSearch.table
  const schemas = useQuery(schemasQuery(api, ref))
  useQuery(studioQuery(api)) // which database runs (CONCURRENTLY is offered on PostgreSQL only)
  const indexes = useQuery(indexesQuery(api, ref, schema))
  const tables = useQuery(indexTablesQuery(api, ref, schema))
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.indexes.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const createReason = useCommandReason('database.index.create-dialog.open')
  const hints = useCommandState('database.indexes.hints.toggle')
  const locked = isProtectedSchema(schema)
  const shown = useMemo(() => filterIndexes(indexes.data ?? [], search, table), [indexes.data, search, table])
  const tableOptions = useMemo(
    () => [{ value: ALL_TABLES, label: 'All tables' }, ...(tables.data ?? []).map((t) => ({ value: t.name }))],
    [tables.data],
  )
  const total = indexes.data?.length ?? 0

  return (
    <div className="area-page idx-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Indexes</h1>
          <p className="area-header__lead" role="status">
            {indexes.data ? `${total} ${total === 1 ? 'index' : 'indexes'} in ${schema}${locked ? ' · managed by the platform: read-only' : ''}` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <SchemaSelect value={schema} schemas={schemas.data ?? []} onChange={(s) => press('database.indexes.schema.set', { schema: s })} />
          <Select
            size="sm"
            aria-label="Table"
            className="idx-table-select"
            value={table ?? ALL_TABLES}
            options={table && !tables.data?.some((t) => t.name === table) ? [...tableOptions, { value: table }] : tableOptions}
            onValueChange={(v) => press('database.indexes.table.filter', { table: v === ALL_TABLES ? '' : v })}
          />
          <Input
            type="search"
            size="sm"
            icon={<Search size={14} />}
            placeholder="Search for an index"
            aria-label="Search for an index"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="idx-search"
          />
          <Button
            size="sm"
            variant="ghost"
            icon={<Lightbulb size={14} />}
            aria-pressed={hints.checked === true}
            onClick={() => press('database.indexes.hints.toggle')}
          >
            Hints
          </Button>
          <DisabledReason reason={locked ? MSG.indexProtectedSchema(schema) : createReason}>
            <Button
              size="sm"
              variant="primary"
              icon={<Plus size={14} />}
              disabled={locked || createReason !== null}
              onClick={() => press('database.index.create-dialog.open', {})}
            >
              Create index
            </Button>
          </DisabledReason>
        </div>
      </header>
      {hints.checked && <IndexHintsPanel projectRef={ref} schema={schema} />}
      {indexes.isError ? (
        <Alert
          type="destructive"
          title={MSG.indexesError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.indexes.refresh')}>Retry</Button>}
        >
          {indexes.error.message}
        </Alert>
      ) : !indexes.data ? (
        <div className="db-skeleton" aria-busy="true" aria-label="Loading indexes">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="db-skeleton__row" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        search || table ? (
          <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
        ) : (
          <EmptyState
            title={`No indexes in ${schema}`}
            description="An index lets Postgres find rows without reading the whole table: create one on the columns your queries filter, join or sort by."
          />
        )
      ) : (
        <IndexList indexes={shown} locked={locked} />
      )}
      <IndexDialogs projectRef={ref} schema={schema} />
    </div>
  )
}
