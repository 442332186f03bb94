import { Lock } from 'lucide-react'
import type { GridTable } from '../../../shared/api'
import { isProtectedSchema } from '../../../shared/constants'
import type { Filter, Sort } from '../../../shared/filters'
import { MSG } from '../../../shared/messages'
import { Badge } from '../../ui'
import { EntityIcon } from './EntityIcon'
import { FilterPopover } from './FilterPopover'
import { SortPopover } from './SortPopover'

/** Above the grid: which relation this is, and its Filter and Sort popovers. */
export function GridToolbar({ table, filters, sorts }: { table: GridTable; filters: Filter[]; sorts: Sort[] }) {
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
      <div className="te-toolbar__rules">
        <FilterPopover columns={table.columns} filters={filters} />
        <SortPopover columns={table.columns} sorts={sorts} />
      </div>
    </header>
  )
}
