import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Plus, RotateCw, Search, SquareFunction } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, DisabledReason, EmptyState, Input, Select } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { schemasQuery } from '../../../model/project/queries'
import { DEFAULT_SCHEMA } from '../../../model/database/search'
import { filterFunctions, functionsQuery } from '../../../model/database/functions/functions-data'
import { FunctionPanel } from './FunctionPanel'
import { FunctionRow } from './FunctionRow'
import './functions.css'

const ROUTE = '/project/$ref/database/functions'
const SEARCH_DEBOUNCE_MS = 200

/** /project/{ref}/database/functions: one schema's functions, searched; create, edit, run, delete. */
export function FunctionsPage() {
  const { ref } = useParams({ from: ROUTE })
  const url = useSearch({ from: ROUTE })
  const schema = url.schema ?? DEFAULT_SCHEMA
  const search = url.search?.trim() ?? ''
  const api = useApi()
  const functions = useQuery(functionsQuery(api, ref, schema))
  const schemas = useQuery(schemasQuery(api, ref))
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.functions.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const createReason = useCommandReason('database.function.create-panel.open')
  const shown = useMemo(() => filterFunctions(functions.data ?? [], search), [functions.data, search])
  const schemaOptions = useMemo(() => {
    const names = (schemas.data ?? []).map((s) => s.name)
    return (names.includes(schema) ? names : [schema, ...names]).map((value) => ({ value }))
  }, [schemas.data, schema])
  const count = functions.data?.length ?? 0

  return (
    <div className="db-page db-page--scroll">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Database Functions</h1>
          <p className="area-header__lead" role="status">
            {functions.data ? `${count} ${count === 1 ? 'function' : 'functions'} in ${schema}` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <Select
            size="md"
            aria-label="Schema"
            value={schema}
            options={schemaOptions}
            onValueChange={(value) => press('database.functions.schema', { schema: value })}
            className="fn-schema"
          />
          <Input
            type="search"
            size="md"
            icon={<Search size={14} />}
            placeholder="Search for a function"
            aria-label="Search for a function"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="fn-search"
          />
          <DisabledReason reason={createReason}>
            <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('database.function.create-panel.open', {})}>
              Create a new function
            </Button>
          </DisabledReason>
        </div>
      </header>
      {functions.isError ? (
        <Alert
          type="destructive"
          title={MSG.functionsError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.functions.refresh')}>Retry</Button>}
        >
          {functions.error.message}
        </Alert>
      ) : !functions.data ? (
        <div className="db-skeleton" aria-busy="true" aria-label="Loading functions">
          {Array.from({ length: 6 }, (_, i) => <div key={i} className="db-skeleton__row" />)}
        </div>
      ) : count === 0 ? (
        <EmptyState
          icon={<SquareFunction size={20} />}
          title={`No functions in ${schema} yet`}
          description="Functions hold logic the database runs: called from SQL, from the API (rpc), or by triggers."
          action={
            createReason === null ? (
              <Button icon={<Plus size={14} />} onClick={() => press('database.function.create-panel.open', {})}>Create a new function</Button>
            ) : undefined
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
      ) : (
        <div className="fn-table" role="table" aria-label={`Functions in ${schema}`}>
          <div className="db-row fn-row db-row--head fn-row--head" role="row">
            <span role="columnheader">Name</span>
            <span role="columnheader">Arguments</span>
            <span role="columnheader">Return type</span>
            <span role="columnheader">Language</span>
            <span role="columnheader">Security</span>
            <span role="columnheader" aria-label="Actions" />
          </div>
          <div className="fn-table__body" role="rowgroup">
            {shown.map((fn) => <FunctionRow key={fn.id} fn={fn} />)}
          </div>
        </div>
      )}
      <FunctionPanel projectRef={ref} schema={schema} />
    </div>
  )
}
