/**
 * The policies page (spec 2 Policies): a schema's tables, each with its RLS state and policies, a search
 * over table and policy names (a table id shows that table), and the policy editor.
 */
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearch } from '@tanstack/react-router'
import { Search, ShieldCheck, Table2 } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { paths } from '../../../../shared/routes'
import { press } from '../../../commands-run'
import { useApi } from '../../../commands-context'
import { isUserSchema } from '../../../model/project/project-queries'
import { schemasQuery } from '../../../model/project/queries'
import { Alert, Button, EmptyState, Input, Spinner, buttonClass } from '../../../ui'
import { SchemaSelect } from '../../table-editor/SchemaSelect'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { filterTables } from '../../../model/auth/policies/filter'
import { PolicyEditorModal } from './editor/PolicyEditorModal'
import { schemaPoliciesQuery, schemaTablesQuery } from '../../../model/auth/policies/queries'
import { TableCard } from './TableCard'
import './policies.css'

const ROUTE = '/project/$ref/auth/policies'
const SEARCH_DEBOUNCE_MS = 300

export function PoliciesPage() {
  const { ref } = useParams({ from: ROUTE })
  const search = useSearch({ from: ROUTE })
  const schema = search.schema ?? 'public'
  const api = useApi()
  const schemas = useQuery(schemasQuery(api, ref))
  const tables = useQuery(schemaTablesQuery(api, ref, schema))
  const policies = useQuery(schemaPoliciesQuery(api, ref, schema))
  const shown = useMemo(
    () => filterTables(tables.data ?? [], policies.data ?? [], search.search),
    [tables.data, policies.data, search.search],
  )

  return (
    <div className="pol-page">
      <header className="pol-page__header">
        <h1 className="pol-page__title">
          <ShieldCheck size={18} /> Policies
        </h1>
        <p className="pol-muted">
          Row-level security policies decide which rows each role may read and write through the API.
        </p>
      </header>
      <div className="pol-toolbar">
        <SchemaSelect
          value={schema}
          schemas={(schemas.data ?? []).filter((s) => isUserSchema(s.name))}
          onChange={(s) => press('policies.schema.set', { schema: s })}
        />
        <SearchBox search={search.search?.trim() ?? ''} />
      </div>
      {tables.isPending || policies.isPending ? (
        <div className="pol-center">
          <Spinner /> Loading policies…
        </div>
      ) : tables.error || policies.error ? (
        <Alert type="destructive" title="Failed to load the policies">
          {(tables.error ?? policies.error)?.message}
        </Alert>
      ) : !tables.data.length ? (
        <EmptyState
          icon={<Table2 size={28} />}
          title={`No tables in schema ${schema}`}
          description="Policies belong to tables: create one first."
          action={
            <Link to={paths.tableEditor(ref)} className={buttonClass('primary')}>
              {MSG.createTable}
            </Link>
          }
        />
      ) : !shown.length ? (
        <EmptyState
          icon={<Search size={28} />}
          title={MSG.noResults}
          description={MSG.noMatch}
          action={<Button onClick={() => press('policies.search.set', { search: '' })}>Clear search</Button>}
        />
      ) : (
        <div className="pol-list">
          {shown.map((t) => (
            <TableCard key={t.table.id} projectRef={ref} table={t.table} policies={t.policies} />
          ))}
        </div>
      )}
      <PolicyEditorModal projectRef={ref} />
    </div>
  )
}

/** Typing filters as it settles; the URL keeps the search. */
function SearchBox({ search }: { search: string }) {
  const [text, setText] = useUrlSearchDraft(search, (t) => press('policies.search.set', { search: t }), SEARCH_DEBOUNCE_MS)
  return (
    <Input
      size="sm"
      icon={<Search size={14} />}
      className="pol-search"
      placeholder="Search tables and policies"
      aria-label="Search tables and policies"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  )
}
