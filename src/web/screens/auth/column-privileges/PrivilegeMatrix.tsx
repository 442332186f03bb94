import type { KeyboardEvent } from 'react'
import {
  COLUMN_PRIVILEGE_ROLES, COLUMN_PRIVILEGES, type ColumnPrivilege, type ColumnPrivilegeRole, type ColumnPrivilegesTable,
} from '../../../../shared/contract/column-privileges'
import { press } from '../../../commands-run'
import { PRIVILEGE_HINTS, cellView, type CellView, type Staged } from '../../../model/auth/column-privileges-rules'
import { cx } from '../../../ui'

interface Props {
  table: ColumnPrivilegesTable
  staged: Staged
  canChange: boolean
}

const PAIRS = COLUMN_PRIVILEGE_ROLES.flatMap((role) => COLUMN_PRIVILEGES.map((privilege) => ({ role, privilege })))

function cellTitle(view: CellView, role: string, privilege: ColumnPrivilege, column: string): string {
  const what = `${role} ${view.state === 'none' ? 'cannot' : 'can'} ${PRIVILEGE_HINTS[privilege]} ${column}`
  if (view.state === 'table') return `${what}: granted on the whole table`
  if (view.inherited) return `${role} can ${PRIVILEGE_HINTS[privilege]} ${column} through PUBLIC or a role it is a member of, not a grant of its own`
  return view.staged ? `${what} (staged: apply to run it)` : what
}

/**
 * Columns × (role × privilege): a checkbox per cell. A cell covered by a table-level grant is checked and
 * locked; a staged change is marked until applied. With a checkbox focused, the arrows move across the
 * matrix and Space toggles.
 */
export function PrivilegeMatrix({ table, staged, canChange }: Props) {
  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const target = e.target as HTMLElement
    const row = Number(target.dataset.row)
    const col = Number(target.dataset.col)
    if (!Number.isInteger(row) || !Number.isInteger(col) || e.altKey || e.metaKey || e.ctrlKey) return
    const moves: Record<string, [number, number]> = {
      ArrowDown: [row + 1, col], ArrowUp: [row - 1, col], ArrowRight: [row, col + 1], ArrowLeft: [row, col - 1],
    }
    const to = moves[e.key]
    if (!to) return
    e.preventDefault()
    const next = e.currentTarget.querySelector<HTMLElement>(`[data-row="${to[0]}"][data-col="${to[1]}"]`)
    next?.focus()
  }

  return (
    <>
    <p className="cp-legend">
      <span><span className="cp-legend__swatch cp-legend__swatch--table" />Granted on the whole table (locked here)</span>
      <span><span className="cp-legend__swatch cp-legend__swatch--staged" />Staged: runs when you apply</span>
      <span>Arrows move, Space toggles</span>
    </p>
    <div className="cp-matrix-wrap">
      <table className="cp-matrix" aria-label={`Column privileges of ${table.table.schema}.${table.table.name}`}>
        <thead>
          <tr>
            <th rowSpan={2} className="cp-matrix__column-head">Column</th>
            {COLUMN_PRIVILEGE_ROLES.map((role) => (
              <th key={role} colSpan={COLUMN_PRIVILEGES.length} className="cp-matrix__role" scope="colgroup">
                {role}
              </th>
            ))}
          </tr>
          <tr>
            {PAIRS.map(({ role, privilege }, i) => (
              <th key={`${role}|${privilege}`} scope="col" className={cx('cp-matrix__privilege', i % COLUMN_PRIVILEGES.length === 0 && 'cp-group-start')} title={`Lets ${role} ${PRIVILEGE_HINTS[privilege]}`}>
                {privilege}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onKeyDown={onKeyDown}>
          {table.columns.map((column, row) => (
            <tr key={column.name}>
              <th scope="row" className="cp-matrix__column">
                <span className="cp-column-name">{column.name}</span>
                <span className="cp-column-type">{column.type}</span>
              </th>
              {PAIRS.map(({ role, privilege }, col) => (
                <Cell
                  key={`${role}|${privilege}`}
                  view={cellView(table, staged, role, privilege, column.name)}
                  role={role}
                  privilege={privilege}
                  column={column.name}
                  row={row}
                  col={col}
                  canChange={canChange}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  )
}

interface CellProps {
  view: CellView
  role: ColumnPrivilegeRole
  privilege: ColumnPrivilege
  column: string
  row: number
  col: number
  canChange: boolean
}

function Cell({ view, role, privilege, column, row, col, canChange }: CellProps) {
  const locked = view.state === 'table'
  return (
    <td
      className={cx(
        'cp-cell', `cp-cell--${view.state}`, view.staged && 'cp-cell--staged', view.inherited && 'cp-cell--inherited',
        col % COLUMN_PRIVILEGES.length === 0 && 'cp-group-start',
      )}
      title={cellTitle(view, role, privilege, column)}
    >
      <input
        type="checkbox"
        className="cp-checkbox"
        aria-label={`${privilege} on ${column} for ${role}`}
        checked={view.state !== 'none'}
        disabled={!canChange || locked}
        data-row={row}
        data-col={col}
        data-state={view.state}
        data-staged={view.staged || undefined}
        onChange={() => press('auth.column-privilege.toggle', { role, privilege, column })}
      />
      {view.inherited && <span className="cp-inherited" aria-hidden>inherited</span>}
    </td>
  )
}
