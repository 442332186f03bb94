import { Lock } from 'lucide-react'
import type { GridTable } from '../../../shared/api'
import { isProtectedSchema } from '../../../shared/constants'
import type { Filter, Sort } from '../../../shared/filters'
import { MSG } from '../../../shared/messages'
import { Badge } from '../../ui'
import { EntityIcon } from './EntityIcon'
import { FilterPopover } from './FilterPopover'
import { ExportMenu } from './io/ExportMenu'
import { RlsNotice } from './rows/RlsNotice'
import { RoleSelector } from './rows/RoleSelector'
import { SortPopover } from './SortPopover'
import { ColumnsMenu } from './structure/ColumnsMenu'
import { InsertMenu } from './structure/InsertMenu'

interface GridToolbarProps {
  projectRef: string
  table: GridTable
  filters: Filter[]
  sorts: Sort[]
}

/**
 * Above the grid: which relation this is and its RLS notice; Filter, Sort and Insert; the Columns and
 * Export menus and the role the rows are read as.
 */
export function GridToolbar({ projectRef, table, filters, sorts }: GridToolbarProps) {
  return (
    <header className="te-toolbar">
      <h1 className="te-toolbar__title">
        <EntityIcon type={table.type} size={15} />
        <span>
          {table.schema !== 'public' && <span className="te-muted">{table.schema}.</span>}
          {table.name}
        </span>
      </h1>
      {isProtectedSchema(table.schema) && (
        <Badge tone="warning" className="te-locked-badge">
          <Lock size={11} aria-hidden /> {MSG.locked}
        </Badge>
      )}
      <RlsNotice projectRef={projectRef} table={table} />
      <div className="te-toolbar__rules">
        <FilterPopover columns={table.columns} filters={filters} />
        <SortPopover columns={table.columns} sorts={sorts} />
      </div>
      <InsertMenu table={table} />
      <div className="rows-toolbar-end">
        <ColumnsMenu table={table} />
        <ExportMenu table={table} />
        <RoleSelector />
      </div>
    </header>
  )
}
