import { memo } from 'react'
import { Link } from '@tanstack/react-router'
import { ArrowRight } from 'lucide-react'
import type { Relationship } from '../../../shared/api'
import { formatFilter } from '../../../shared/filters'
import type { ColumnKind } from '../../model/table-editor/columns'

/** The DOM holds at most this much of a value; the cell shows it on one line, cut with an ellipsis. */
const SHOWN_CHARACTERS = 500

function asText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

interface GridCellProps {
  value: unknown
  kind: ColumnKind
  projectRef: string
  foreignKey: Relationship | undefined
}

/** One value, drawn by type: a muted NULL, booleans, compact JSON, long text cut short. Memoized: drawn again only when the value changes. */
export const GridCellValue = memo(function GridCellValue({ value, kind, projectRef, foreignKey }: GridCellProps) {
  if (value === null || value === undefined) return <span className="te-cell__null">NULL</span>
  const text = asText(value)
  const shown = text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text
  return (
    <>
      <span className={`te-cell__text te-cell__text--${kind}`} title={text.length > 40 ? shown : undefined}>
        {shown}
      </span>
      {foreignKey?.target_table_id != null && typeof value !== 'object' && (
        <Link
          to="/project/$ref/editor/$tableId"
          params={{ ref: projectRef, tableId: String(foreignKey.target_table_id) }}
          search={{ filter: [formatFilter({ column: foreignKey.target_column_name, operator: 'eq', value: text })] }}
          className="te-cell__fk"
          aria-label={`Open the referenced row in ${foreignKey.target_table_name}`}
          title={`${foreignKey.target_table_schema}.${foreignKey.target_table_name} where ${foreignKey.target_column_name} = ${text}`}
          tabIndex={-1}
          data-fk-link
        >
          <ArrowRight size={12} />
        </Link>
      )}
    </>
  )
})
