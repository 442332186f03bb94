import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Plus, RotateCw, Search, Zap } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, DisabledReason, EmptyState, Input, Select } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { schemasQuery } from '../../../model/project/queries'
import { DEFAULT_SCHEMA } from '../../../model/database/search'
import { filterTriggers, groupByTable, triggersQuery } from '../../../model/database/triggers/triggers-data'
import { FunctionPanel } from '../functions/FunctionPanel'
import { TriggerPanel } from './TriggerPanel'
import { TriggerRow } from './TriggerRow'
import '../functions/functions.css'
import './triggers.css'

const ROUTE = '/project/$ref/database/triggers'
const SEARCH_DEBOUNCE_MS = 200

/** /project/{ref}/database/triggers: one schema's triggers by table; create, enable/disable, delete. */
export function TriggersPage() {
  const { ref } = useParams({ from: ROUTE })
  const url = useSearch({ from: ROUTE })
  const schema = url.schema ?? DEFAULT_SCHEMA
  const search = url.search?.trim() ?? ''
  const api = useApi()
  const triggers = useQuery(triggersQuery(api, ref, schema))
  const schemas = useQuery(schemasQuery(api, ref))
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.triggers.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const createReason = useCommandReason('database.trigger.create-panel.open')
  const groups = useMemo(() => groupByTable(filterTriggers(triggers.data ?? [], search)), [triggers.data, search])
  const schemaOptions = useMemo(() => {
    const names = (schemas.data ?? []).map((s) => s.name)
    return (names.includes(schema) ? names : [schema, ...names]).map((value) => ({ value }))
  }, [schemas.data, schema])
  const count = triggers.data?.length ?? 0

  return (
    <div className="db-page db-page--scroll">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Database Triggers</h1>
          <p className="area-header__lead" role="status">
            {triggers.data ? `${count} ${count === 1 ? 'trigger' : 'triggers'} in ${schema}` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <Select size="md" aria-label="Schema" value={schema} options={schemaOptions} onValueChange={(value) => press('database.triggers.schema', { schema: value })} className="fn-schema" />
          <Input
            type="search"
            size="md"
            icon={<Search size={14} />}
            placeholder="Search for a trigger or table"
            aria-label="Search for a trigger"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="fn-search"
          />
          <DisabledReason reason={createReason}>
            <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('database.trigger.create-panel.open')}>
              Create a new trigger
            </Button>
          </DisabledReason>
        </div>
      </header>
      {triggers.isError ? (
        <Alert
          type="destructive"
          title={MSG.triggersError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.triggers.refresh')}>Retry</Button>}
        >
          {triggers.error.message}
        </Alert>
      ) : !triggers.data ? (
        <div className="db-skeleton" aria-busy="true" aria-label="Loading triggers">
          {Array.from({ length: 6 }, (_, i) => <div key={i} className="db-skeleton__row" />)}
        </div>
      ) : count === 0 ? (
        <EmptyState
          icon={<Zap size={20} />}
          title={`No triggers in ${schema} yet`}
          description="A trigger runs a function when rows of a table are inserted, updated or deleted (or instead of it, on a view)."
          action={createReason === null ? <Button icon={<Plus size={14} />} onClick={() => press('database.trigger.create-panel.open')}>Create a new trigger</Button> : undefined}
        />
      ) : groups.length === 0 ? (
        <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
      ) : (
        <div className="tg-groups">
          {groups.map((g) => (
            <section key={g.tableId} className="fn-table" aria-label={`Triggers on ${g.table}`}>
              <h2 className="tg-group__title">
                <span className="fn-mono">{g.table}</span>
                <span className="fn-muted">{g.triggers.length}</span>
              </h2>
              <div role="table" aria-label={`Triggers on ${g.table}`}>
                <div className="db-row tg-row db-row--head fn-row--head" role="row">
                  <span role="columnheader">Name</span>
                  <span role="columnheader">Events</span>
                  <span role="columnheader">Timing</span>
                  <span role="columnheader">For each</span>
                  <span role="columnheader">Function</span>
                  <span role="columnheader">Enabled</span>
                  <span role="columnheader" aria-label="Actions" />
                </div>
                {g.triggers.map((t) => <TriggerRow key={t.id} trigger={t} />)}
              </div>
            </section>
          ))}
        </div>
      )}
      <TriggerPanel projectRef={ref} schema={schema} />
      <FunctionPanel projectRef={ref} schema={schema} />
    </div>
  )
}
