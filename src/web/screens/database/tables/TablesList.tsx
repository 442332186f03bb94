import { useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Code2, Columns3, Copy, Ellipsis, Lock, Pencil, Shield, ShieldOff, Table2, Trash2 } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { paths } from '../../../../shared/routes'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Badge, DropdownMenu, MenuItem, MenuSeparator, Tooltip } from '../../../ui'
import { formatRowsEstimate, type TableSummary } from '../../../model/database/tables/tables-data'

const ROW_HEIGHT = 52

function Headings() {
  return (
    <div className="db-row dbt-row db-row--head dbt-row--head" role="row">
      <span className="db-cell db-cell--clip" role="columnheader">Name</span>
      <span className="db-cell db-cell--clip" role="columnheader">Description</span>
      <span className="db-cell db-cell--clip dbt-cell--num" role="columnheader" title="The planner's estimate, not a count">
        Est. rows
      </span>
      <span className="db-cell db-cell--clip dbt-cell--num" role="columnheader">Size</span>
      <span className="db-cell db-cell--clip dbt-cell--num" role="columnheader">Columns</span>
      <span className="db-cell db-cell--clip" role="columnheader">RLS</span>
      <span className="db-cell db-cell--clip" role="columnheader">Realtime</span>
      <span className="db-cell db-cell--clip" role="columnheader">
        <span className="sr-only">Actions</span>
      </span>
    </div>
  )
}

/** One schema's tables, virtualized: a schema may hold thousands. */
export function TablesList({ projectRef, tables, lockedReason }: { projectRef: string; tables: TableSummary[]; lockedReason: string | null }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({ count: tables.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 })
  return (
    <div className="area-table" role="table" aria-label="Tables" aria-rowcount={tables.length + 1}>
      <Headings />
      <div ref={scrollRef} className="area-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const table = tables[v.index]
            if (!table) return null
            return (
              <div key={table.id} className="dbt-virtual" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
                <TableRow projectRef={projectRef} table={table} lockedReason={lockedReason} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}

function TableRow({ projectRef, table, lockedReason }: { projectRef: string; table: TableSummary; lockedReason: string | null }) {
  // every change to a table needs the same permission and an unprotected schema: the reason of any of them
  const changeReason = useCommandReason('database.table.edit-dialog.open')
  const duplicateReason = useCommandReason('database.table.duplicate-dialog.open')
  const deleteReason = useCommandReason('table-editor.table.delete')
  return (
    <div className="db-row dbt-row" role="row" aria-label={table.name}>
      <span className="db-cell db-cell--clip dbt-cell--name" role="rowheader">
        <Table2 size={14} className="dbt-icon" aria-hidden />
        <Link to={paths.databaseTable(projectRef, table.id)} className="dbt-name" title={`${table.schema}.${table.name}: its columns`}>
          {table.name}
        </Link>
        {lockedReason && (
          <Tooltip content={lockedReason}>
            <span className="dbt-lock" tabIndex={0} aria-label={`${MSG.locked}: ${lockedReason}`}>
              <Badge>
                <Lock size={10} aria-hidden /> {MSG.locked}
              </Badge>
            </span>
          </Tooltip>
        )}
      </span>
      <span className="db-cell db-cell--clip dbt-cell--muted" role="cell" title={table.comment ?? undefined}>
        {table.comment ?? <span className="dbt-faint">No description</span>}
      </span>
      <span className="db-cell db-cell--clip dbt-cell--num" role="cell" title={`${table.live_rows_estimate.toLocaleString('en-US')} rows (estimate)`}>
        {formatRowsEstimate(table.live_rows_estimate)}
      </span>
      <span className="db-cell db-cell--clip dbt-cell--num" role="cell">{table.size}</span>
      <span className="db-cell db-cell--clip dbt-cell--num" role="cell">
        <Link to={paths.databaseTable(projectRef, table.id)} className="dbt-count" aria-label={`${table.columns_count} columns of ${table.name}`}>
          {table.columns_count}
        </Link>
      </span>
      <span className="db-cell db-cell--clip" role="cell">
        {table.rls_enabled ? (
          <Badge tone="accent">Enabled</Badge>
        ) : (
          <Tooltip content={MSG.rlsDisableWarning(table.name)}>
            <span tabIndex={0} className="dbt-tip">
              <Badge tone="warning">Disabled</Badge>
            </span>
          </Tooltip>
        )}
      </span>
      <span className="db-cell db-cell--clip" role="cell">
        <Tooltip content={MSG.realtimeUnavailable}>
          <span tabIndex={0} className="dbt-tip dbt-faint" aria-label={`Realtime off: ${MSG.realtimeUnavailable}`}>
            Off
          </span>
        </Tooltip>
      </span>
      <span className="db-cell db-cell--clip db-cell--actions" role="cell">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${table.name}`}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<Columns3 size={14} />} onSelect={() => press('database.table.columns.open', { table: table.id })}>
            View columns
          </MenuItem>
          <MenuItem icon={<Code2 size={14} />} onSelect={() => press('database.table.definition.open', { table: table.id })}>
            View definition
          </MenuItem>
          <MenuItem icon={<Table2 size={14} />} onSelect={() => press('database.table.editor.open', { table: table.id })}>
            Open in Table Editor
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Pencil size={14} />} disabled={changeReason !== null} onSelect={() => press('database.table.edit-dialog.open', { table: table.id })}>
            Edit table
          </MenuItem>
          <MenuItem icon={<Copy size={14} />} disabled={duplicateReason !== null} onSelect={() => press('database.table.duplicate-dialog.open', { table: table.id })}>
            Duplicate table
          </MenuItem>
          <MenuItem
            icon={table.rls_enabled ? <ShieldOff size={14} /> : <Shield size={14} />}
            disabled={changeReason !== null}
            onSelect={() => press('database.table.rls.toggle', { table: table.id })}
          >
            {table.rls_enabled ? 'Disable RLS' : 'Enable RLS'}
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger disabled={deleteReason !== null || lockedReason !== null} onSelect={() => press('table-editor.table.delete', { table: table.id })}>
            Delete table
          </MenuItem>
          {(changeReason ?? lockedReason) && <p className="dbt-menu-reason">{changeReason ?? lockedReason}</p>}
        </DropdownMenu>
      </span>
    </div>
  )
}
