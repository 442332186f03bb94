import { ArrowUpDown, X } from 'lucide-react'
import type { Column } from '../../../shared/api'
import type { Sort } from '../../../shared/filters'
import { press } from '../../commands-run'
import { bindingFor } from '../../model/app/keys/keymap'
import { Button, IconButton, Popover, Select } from '../../ui'

const DIRECTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
]

/** The sorts, applied as they change: pick a column to add one, flip its direction, or remove it. */
export function SortPopover({ columns, sorts }: { columns: readonly Column[]; sorts: readonly Sort[] }) {
  const unsorted = columns.filter((c) => !sorts.some((s) => s.column === c.name)).map((c) => ({ value: c.name }))
  const label = sorts.length === 0 ? 'Sort' : `Sorted by ${sorts.length} rule${sorts.length === 1 ? '' : 's'}`
  return (
    <Popover
      className="te-rules te-rules--narrow"
      trigger={
        <Button size="sm" variant={sorts.length ? 'primary' : 'default'} icon={<ArrowUpDown size={14} />} title={`Sort rows (${bindingFor('grid.sort.add') ?? ''})`}>
          {label}
        </Button>
      }
    >
      {sorts.length === 0 ? (
        <p className="te-rules__empty">
          No sorts applied to this table.
          <span className="te-muted"> Pick a column to order the rows by.</span>
        </p>
      ) : (
        <ul className="te-rules__list">
          {sorts.map((s, i) => (
            <li key={s.column} className="te-rules__rule">
              <span className="te-rules__word">{i === 0 ? 'sort by' : 'then by'}</span>
              <span className="te-rules__column te-rules__name">{s.column}</span>
              <Select
                size="sm"
                aria-label={`Direction of ${s.column}`}
                value={s.ascending ? 'asc' : 'desc'}
                options={DIRECTIONS}
                onValueChange={(direction) => press('grid.sort.add', { column: s.column, direction: direction === 'desc' ? 'desc' : 'asc' })}
                className="te-rules__operator"
              />
              <IconButton size="sm" label={`Remove sort by ${s.column}`} icon={<X size={14} />} onClick={() => press('grid.sort.remove', { column: s.column })} />
            </li>
          ))}
        </ul>
      )}
      <footer className="te-rules__footer">
        <Select
          size="sm"
          aria-label="Pick a column to sort by"
          placeholder={unsorted.length ? 'Pick a column to sort by' : 'Every column is sorted'}
          value=""
          options={unsorted}
          disabled={unsorted.length === 0}
          onValueChange={(column) => press('grid.sort.add', { column, direction: 'asc' })}
          className="te-rules__add"
        />
      </footer>
    </Popover>
  )
}
