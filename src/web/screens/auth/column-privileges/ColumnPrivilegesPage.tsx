import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { RotateCw, Table2 } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { isProtectedSchema } from '../../../../shared/constants'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { authFeatures } from '../../../model/auth/features'
import { columnPrivilegesQuery, schemaTablesQuery } from '../../../model/auth/column-privileges-data'
import { columnPrivilegesState } from '../../../model/auth/column-privileges-state'
import type { Staged } from '../../../model/auth/column-privileges-rules'
import { schemasQuery } from '../../../model/project/queries'
import { visibleSchemas } from '../../../model/table-editor/schemas'
import { Alert, Badge, Button, EmptyState, IconButton, Select } from '../../../ui'
import { useCan } from '../../../useCan'
import { ApplyBar } from './ApplyBar'
import { FeatureOff } from './FeatureOff'
import { PrivilegeMatrix } from './PrivilegeMatrix'
import { TableLevelGrants } from './TableLevelGrants'
import './column-privileges.css'

const ROUTE = '/project/$ref/auth/column-privileges'
const NONE: Staged = { table: {}, columns: {} }

/**
 * /project/{ref}/auth/column-privileges (ALPHA, behind its feature flag): which columns of a table anon and
 * authenticated can read, insert and update, as grants staged on a matrix and applied in one transaction.
 */
export function ColumnPrivilegesPage() {
  const { columnPrivileges: on } = useSnapshot(authFeatures)
  return (
    <div className="cp-page">
      <header className="cp-header">
        <div>
          <h1 className="cp-header__title">
            Column privileges <Badge tone="warning">ALPHA</Badge>
          </h1>
          <p className="cp-header__lead">
            Choose which columns the roles <code>anon</code> and <code>authenticated</code> can read (SELECT), fill in on new
            rows (INSERT) and change (UPDATE). Row Level Security decides which rows they reach; these grants decide which
            columns.
          </p>
        </div>
      </header>
      {on ? <Privileges /> : <FeatureOff />}
    </div>
  )
}

function Privileges() {
  const { ref } = useParams({ from: ROUTE })
  const search = useSearch({ from: ROUTE })
  const api = useApi()
  const schema = search.schema ?? 'public'
  const canWrite = useCan('tenantSqlAdminWrite')
  const schemas = useQuery(schemasQuery(api, ref))
  const tables = useQuery(schemaTablesQuery(api, ref, schema))
  const table = useQuery({ ...columnPrivilegesQuery(api, ref, search.table ?? 0), enabled: search.table !== undefined })
  const state = useSnapshot(columnPrivilegesState)
  const staged = (state.tableId === search.table ? state.staged : NONE) as Staged
  const data = table.data
  const canChange = canWrite && data !== undefined && !data.table.protected

  return (
    <>
      <div className="cp-toolbar">
        <Select
          aria-label="Schema"
          value={schema}
          onValueChange={(value) => press('auth.column-privileges.schema.set', { schema: value })}
          options={visibleSchemas(schemas.data ?? []).map((s) => ({ value: s.name, label: isProtectedSchema(s.name) ? `${s.name} (read-only)` : s.name }))}
          className="cp-select"
        />
        <Select
          aria-label="Table"
          value={search.table === undefined ? undefined : String(search.table)}
          placeholder={tables.data?.length === 0 ? 'No tables in this schema' : 'Pick a table'}
          onValueChange={(value) => press('auth.column-privileges.table.pick', { tableId: Number(value) })}
          options={(tables.data ?? []).map((t) => ({ value: String(t.id), label: t.type === 'table' ? t.name : `${t.name} (${t.type})` }))}
          className="cp-select cp-select--table"
        />
        {search.table !== undefined && (
          <IconButton label="Refresh column privileges" icon={<RotateCw size={14} />} variant="default" onClick={() => press('auth.column-privileges.refresh')} />
        )}
      </div>
      {search.table === undefined ? (
        <EmptyState
          className="cp-empty"
          icon={<Table2 size={20} />}
          title="Pick a table"
          description="Choose a schema and a table above to see and change which of its columns anon and authenticated may use."
        />
      ) : table.isError ? (
        <Alert type="destructive" title="Failed to read the privileges of this table" action={<Button onClick={() => press('auth.column-privileges.refresh')}>Retry</Button>}>
          {table.error.message}
        </Alert>
      ) : !data ? (
        <div className="cp-loading" aria-busy>Reading the grants…</div>
      ) : (
        <div className="cp-body">
          {data.table.protected && (
            <Alert type="note" title={`The ${data.table.schema} schema is protected`}>
              Its grants are shown read-only: the dashboard does not change the system schemas.
            </Alert>
          )}
          {!canWrite && (
            <Alert type="warning" title="You need additional permissions to change column privileges">
              Contact your organization owner or adminstrator for assistance.
            </Alert>
          )}
          {data.missing_roles.length > 0 && (
            <Alert type="warning" title={`The database has no role ${data.missing_roles.join(' or ')}`}>
              Its privileges cannot be granted until the role exists.
            </Alert>
          )}
          <TableLevelGrants table={data} staged={staged} canChange={canChange} />
          {data.columns.length === 0 ? (
            <EmptyState className="cp-empty" title="This table has no columns" />
          ) : (
            <PrivilegeMatrix table={data} staged={staged} canChange={canChange} />
          )}
          <ApplyBar table={data} staged={staged} />
        </div>
      )}
    </>
  )
}
