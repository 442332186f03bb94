import { useState } from 'react'
import { ListFilter, Plus, X } from 'lucide-react'
import { run, type CommandCall } from '../../../../commands/all'
import type { Column } from '../../../shared/api'
import {
  FILTER_OPERATORS, FILTER_OPERATOR_LABELS, IS_VALUES, formatFilter, type Filter, type FilterOperator,
} from '../../../shared/filters'
import { bindingFor } from '../../model/app/keys/keymap'
import { toast } from '../../model/app/toasts'
import { Button, IconButton, Input, Popover, Select } from '../../ui'
import { errorMessage } from '../../../shared/error-message'

/** A rule being edited; `applied` is the URL entry it started from (null for a new rule). */
interface Draft extends Filter {
  key: number
  applied: string | null
}

const OPERATOR_OPTIONS = FILTER_OPERATORS.map((op) => ({ value: op, label: `${op} · ${FILTER_OPERATOR_LABELS[op]}` }))
const IS_OPTIONS = IS_VALUES.map((v) => ({ value: v }))

let nextKey = 1
const draftOf = (f: Filter, applied: string | null): Draft => ({ ...f, key: nextKey++, applied })

/**
 * Edits the filters as a draft; Apply turns the difference into commands (edit, remove, add), which
 * write the URL and send the page back to 1.
 */
export function FilterPopover({ columns, filters }: { columns: readonly Column[]; filters: readonly Filter[] }) {
  const [open, setOpen] = useState(false)
  const [drafts, setDrafts] = useState<Draft[]>([])
  const [applying, setApplying] = useState(false)

  function onOpenChange(next: boolean) {
    if (next) setDrafts(filters.map((f) => draftOf(f, formatFilter(f))))
    setOpen(next)
  }

  const change = (key: number, patch: Partial<Filter>) =>
    setDrafts((ds) =>
      ds.map((d) => {
        if (d.key !== key) return d
        const next = { ...d, ...patch }
        // 'is' only takes its four values; leaving 'is' clears them
        if (patch.operator === 'is' && !(IS_VALUES as readonly string[]).includes(next.value)) next.value = 'null'
        if (patch.operator && patch.operator !== 'is' && d.operator === 'is') next.value = ''
        return next
      }),
    )

  const add = () => {
    const first = columns[0]
    if (first) setDrafts((ds) => [...ds, draftOf({ column: first.name, operator: 'eq', value: '' }, null)])
  }

  const kept = new Set(drafts.map((d) => d.applied))
  const steps: CommandCall<'grid.filter.edit' | 'grid.filter.remove' | 'grid.filter.add'>[] = [
    ...drafts
      .filter((d) => d.applied !== null && d.applied !== formatFilter(d))
      .map((d): CommandCall<'grid.filter.edit'> => ['grid.filter.edit', { filter: d.applied ?? '', column: d.column, operator: d.operator, value: d.value }]),
    ...filters
      .map(formatFilter)
      .filter((f) => !kept.has(f))
      .map((f): CommandCall<'grid.filter.remove'> => ['grid.filter.remove', { filter: f }]),
    ...drafts
      .filter((d) => d.applied === null)
      .map((d): CommandCall<'grid.filter.add'> => ['grid.filter.add', { column: d.column, operator: d.operator, value: d.value }]),
  ]

  async function apply() {
    setApplying(true)
    try {
      for (const [id, args] of steps) await run(id, args, 'button')
      setOpen(false)
    } catch (e) {
      toast.error(errorMessage(e))
    } finally {
      setApplying(false)
    }
  }

  const columnOptions = columns.map((c) => ({ value: c.name }))
  const label = filters.length === 0 ? 'Filter' : `Filtered by ${filters.length} rule${filters.length === 1 ? '' : 's'}`

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      className="te-rules"
      trigger={
        <Button size="sm" variant={filters.length ? 'primary' : 'default'} icon={<ListFilter size={14} />} title={`Filter rows (${bindingFor('grid.filter.add') ?? ''})`}>
          {label}
        </Button>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void apply()
        }}
      >
        {drafts.length === 0 ? (
          <p className="te-rules__empty">
            No filters applied to this table.
            <span className="te-muted"> Add one to see only the rows that match.</span>
          </p>
        ) : (
          <ul className="te-rules__list">
            {drafts.map((d, i) => (
              <li key={d.key} className="te-rules__rule">
                <span className="te-rules__word">{i === 0 ? 'where' : 'and'}</span>
                <Select size="sm" aria-label="Column" value={d.column} options={columnOptions} onValueChange={(column) => change(d.key, { column })} className="te-rules__column" />
                <Select size="sm" aria-label="Operator" value={d.operator} options={OPERATOR_OPTIONS} onValueChange={(op) => change(d.key, { operator: op as FilterOperator })} className="te-rules__operator" />
                {d.operator === 'is' ? (
                  <Select size="sm" aria-label="Value" value={d.value} options={IS_OPTIONS} onValueChange={(value) => change(d.key, { value })} className="te-rules__value" />
                ) : (
                  <Input
                    size="sm"
                    aria-label="Value"
                    className="te-rules__value"
                    placeholder={d.operator === 'in' ? 'a, b, c' : 'Enter a value'}
                    value={d.value}
                    onChange={(e) => change(d.key, { value: e.target.value })}
                    autoFocus={d.applied === null}
                  />
                )}
                <IconButton size="sm" label="Remove filter" icon={<X size={14} />} onClick={() => setDrafts((ds) => ds.filter((x) => x.key !== d.key))} />
              </li>
            ))}
          </ul>
        )}
        <footer className="te-rules__footer">
          <Button size="sm" variant="ghost" icon={<Plus size={14} />} onClick={add}>
            Add filter
          </Button>
          <Button size="sm" variant="primary" type="submit" loading={applying} disabled={steps.length === 0}>
            Apply filter
          </Button>
        </footer>
      </form>
    </Popover>
  )
}
