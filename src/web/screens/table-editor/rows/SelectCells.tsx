import { useEffect, useRef, type CSSProperties } from 'react'
import { Maximize2 } from 'lucide-react'
import { cx } from '../../../ui'

/** A checkbox that leaves the keyboard focus on the grid (the grid moves with arrows, Space selects). */
function Checkbox({ checked, indeterminate = false, label, onToggle }: { checked: boolean; indeterminate?: boolean; label: string; onToggle: () => void }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      ref={ref}
      type="checkbox"
      className="rows-check"
      tabIndex={-1}
      aria-label={label}
      checked={checked}
      onMouseDown={(e) => e.preventDefault()}
      onChange={onToggle}
    />
  )
}

interface SelectHeaderCellProps {
  style: CSSProperties
  /** how many rows of the page are selected, of how many */
  selected: number
  total: number
  /** false for a table without a primary key: its rows cannot be selected */
  selectable: boolean
  onToggle: () => void
}

/** The select column's header: a checkbox for every row of the page. */
export function SelectHeaderCell({ style, selected, total, selectable, onToggle }: SelectHeaderCellProps) {
  return (
    <div role="columnheader" aria-label="Select rows" className="te-hcell te-hcell--number te-cell--frozen rows-select" style={style}>
      {selectable && total > 0 && (
        <Checkbox checked={selected === total} indeterminate={selected > 0 && selected < total} label="Select the rows on this page" onToggle={onToggle} />
      )}
    </div>
  )
}

interface SelectRowCellProps {
  style: CSSProperties
  number: number
  selected: boolean
  selectable: boolean
  /** checkboxes show on every row (not only on hover) once a row is selected */
  selecting: boolean
  onToggle: () => void
  /** opens the row in the side panel (rows with a primary key) */
  onExpand?: () => void
}

/** The select column of a row: its number; on hover (or while rows are selected) a checkbox, and the expand button. */
export function SelectRowCell({ style, number, selected, selectable, selecting, onToggle, onExpand }: SelectRowCellProps) {
  return (
    <div role="rowheader" className={cx('te-cell te-cell--number te-cell--frozen rows-select', selecting && 'rows-select--on')} style={style}>
      {selectable && <Checkbox checked={selected} label={`Select row ${number}`} onToggle={onToggle} />}
      {onExpand && (
        <button
          type="button"
          className="rows-expand"
          tabIndex={-1}
          aria-label={`Open row ${number} in the side panel`}
          title="Open the row in the side panel"
          // the keyboard stays on the grid until the panel takes it
          onMouseDown={(e) => e.preventDefault()}
          onClick={onExpand}
        >
          <Maximize2 size={12} />
        </button>
      )}
      <span className="rows-select__number">{number}</span>
    </div>
  )
}
