import { lazy, Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearch } from '@tanstack/react-router'
import { ChevronLeft, Code2, Columns3, Copy, Ellipsis, Lock, Pencil, Plus, RotateCw, Shield, ShieldOff, Table2, Trash2 } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { MSG } from '../../../../shared/messages'
import { paths } from '../../../../shared/routes'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Badge, Button, DisabledReason, DropdownMenu, EmptyState, Kbd, MenuItem, MenuSeparator, Spinner, Tooltip } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { tableQuery } from '../../../model/project/queries'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { schemaLockedReason } from '../../../model/database/tables/tables-data'
import { ColumnPanel } from '../../table-editor/structure/ColumnPanel'
import { TableDialogs } from '../../table-editor/structure/TableDialogs'
import { ColumnsView } from './ColumnsView'
import { TablesDialogs } from './TablesDialogs'
import '../../table-editor/table-editor.css'
import './tables.css'

const ROUTE = '/project/$ref/database/tables/$tableId'
const DefinitionView = lazy(() => import('../../table-editor/DefinitionView').then((m) => ({ default: m.DefinitionView })))

/** /project/{ref}/database/tables/{id}?view=columns|definition: one table's columns (add, edit, drop, view order) or its DDL. */
export function TablePage() {
  const { ref, tableId } = useParams({ from: ROUTE })
  const id = Number(tableId)
  const view = useSearch({ from: ROUTE }).view ?? 'columns'
  const table = useQuery(tableQuery(useApi(), ref, id))
  const { overrides } = useSnapshot(keymap)
  const addReason = useCommandReason('grid.column.insert-panel.open')
  const changeReason = useCommandReason('database.table.edit-dialog.open')
  const duplicateReason = useCommandReason('database.table.duplicate-dialog.open')
  const deleteReason = useCommandReason('table-editor.table.delete')

  if (table.isError) {
    return (
      <div className="db-page dbt-page">
        <BackLink projectRef={ref} />
        <EmptyState
          icon={<Table2 size={20} />}
          title={MSG.tableNotFound(id)}
          description={table.error.message}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.tables.refresh')}>Retry</Button>}
        />
      </div>
    )
  }
  if (!table.data) {
    return (
      <div className="db-page dbt-page dbt-center">
        <Spinner label="Loading table" />
      </div>
    )
  }
  const t = table.data
  const locked = schemaLockedReason(t.schema)
  const tab = (v: 'columns' | 'definition', label: string, icon: React.ReactNode, command: 'database.table.columns.open' | 'database.table.definition.open') => (
    <Link
      to={paths.databaseTable(ref, id)}
      search={v === 'columns' ? {} : { view: v }}
      role="tab"
      aria-selected={view === v}
      className={`dbt-tab${view === v ? ' dbt-tab--active' : ''}`}
    >
      {icon}
      {label}
      {bindingFor(command, overrides) && <Kbd binding={bindingFor(command, overrides)!} />}
    </Link>
  )

  return (
    <div className="db-page dbt-page dbt-page--table">
      <BackLink projectRef={ref} schema={t.schema} />
      <header className="area-header">
        <div>
          <h1 className="area-header__title dbt-title">
            {t.name}
            {locked && (
              <Tooltip content={locked}>
                <span className="dbt-locked" tabIndex={0} aria-label={`${MSG.locked}: ${locked}`}>
                  <Badge tone="warning">
                    <Lock size={11} aria-hidden /> {MSG.locked}
                  </Badge>
                </span>
              </Tooltip>
            )}
          </h1>
          <p className="area-header__lead">
            <span className="dbt-schema-name">schema {t.schema}</span>
            {' · '}
            {t.rls_enabled ? <Badge tone="accent">RLS enabled</Badge> : <Badge tone="warning">RLS disabled</Badge>}
            {t.comment && <span className="dbt-comment"> · {t.comment}</span>}
          </p>
        </div>
        <div className="area-toolbar">
          <Button icon={<Table2 size={14} />} onClick={() => press('database.table.editor.open', { table: id })}>
            Open in Table Editor
          </Button>
          <DisabledReason reason={addReason}>
            <Button variant="primary" icon={<Plus size={14} />} disabled={addReason !== null} onClick={() => press('grid.column.insert-panel.open')}>
              Add column
              {bindingFor('grid.column.insert-panel.open', overrides) && <Kbd binding={bindingFor('grid.column.insert-panel.open', overrides)!} />}
            </Button>
          </DisabledReason>
          <DropdownMenu
            align="end"
            trigger={
              <button type="button" className="ui-button ui-button--default ui-button--md ui-icon-button" aria-label={`More actions for ${t.name}`}>
                <Ellipsis size={14} />
              </button>
            }
          >
            <MenuItem icon={<Pencil size={14} />} disabled={changeReason !== null} onSelect={() => press('database.table.edit-dialog.open', { table: id })}>
              Edit table
            </MenuItem>
            <MenuItem icon={<Copy size={14} />} disabled={duplicateReason !== null} onSelect={() => press('database.table.duplicate-dialog.open', { table: id })}>
              Duplicate table
            </MenuItem>
            <MenuItem icon={t.rls_enabled ? <ShieldOff size={14} /> : <Shield size={14} />} disabled={changeReason !== null} onSelect={() => press('database.table.rls.toggle', { table: id })}>
              {t.rls_enabled ? 'Disable RLS' : 'Enable RLS'}
            </MenuItem>
            <MenuSeparator />
            <MenuItem icon={<Trash2 size={14} />} danger disabled={deleteReason !== null || locked !== null} onSelect={() => press('table-editor.table.delete', { table: id })}>
              Delete table
            </MenuItem>
            {changeReason && <p className="dbt-menu-reason">{changeReason}</p>}
          </DropdownMenu>
        </div>
      </header>
      <nav className="dbt-tabs" role="tablist" aria-label="Table views">
        {tab('columns', 'Columns', <Columns3 size={14} aria-hidden />, 'database.table.columns.open')}
        {tab('definition', 'Definition', <Code2 size={14} aria-hidden />, 'database.table.definition.open')}
      </nav>
      <div className="dbt-panel" role="tabpanel" aria-label={view === 'columns' ? 'Columns' : 'Definition'}>
        {view === 'columns' ? (
          <ColumnsView projectRef={ref} table={t} lockedReason={locked} />
        ) : (
          <Suspense fallback={<Spinner label="Loading definition" />}>
            <div className="dbt-definition">
              <DefinitionView projectRef={ref} tableId={id} />
            </div>
          </Suspense>
        )}
      </div>
      <ColumnPanel projectRef={ref} />
      <TableDialogs projectRef={ref} />
      <TablesDialogs projectRef={ref} />
    </div>
  )
}

function BackLink({ projectRef, schema }: { projectRef: string; schema?: string }) {
  return (
    <Link to={paths.databaseTables(projectRef)} search={schema && schema !== 'public' ? { schema } : {}} className="dbt-back">
      <ChevronLeft size={14} aria-hidden /> Tables{schema ? ` in ${schema}` : ''}
    </Link>
  )
}
