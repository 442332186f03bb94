import { Columns3 } from 'lucide-react'
import {
  COLUMN_PRIVILEGE_ROLES, COLUMN_PRIVILEGES, type ColumnPrivilegesTable,
} from '../../../../shared/contract/column-privileges'
import { press } from '../../../commands-run'
import { wantsTable, type Staged } from '../../../model/auth/column-privileges-rules'
import { Button } from '../../../ui'

interface Props {
  table: ColumnPrivilegesTable
  staged: Staged
  canChange: boolean
}

/**
 * The table-level grants of anon and authenticated: each covers every column (and any column added later),
 * so its column toggles are locked; each offers the switch to column-level grants.
 */
export function TableLevelGrants({ table, staged, canChange }: Props) {
  const grants = COLUMN_PRIVILEGE_ROLES.flatMap((role) =>
    COLUMN_PRIVILEGES.filter((privilege) => wantsTable(table, staged, role, privilege)).map((privilege) => ({ role, privilege })),
  )
  if (grants.length === 0) return null
  return (
    <section className="cp-table-level" aria-label="Table-level grants">
      <p className="cp-table-level__lead">
        These are granted on the whole table, so they cover every column, including columns added later. To choose
        columns, switch a grant to column-level: the table-level grant is revoked and the privilege granted on each
        column, which you can then turn off one by one.
      </p>
      <ul className="cp-table-level__list">
        {grants.map(({ role, privilege }) => (
          <li key={`${role}|${privilege}`} className="cp-table-level__item">
            <span>
              <code>{role}</code> has <strong>{privilege}</strong> on the whole table
            </span>
            <Button
              size="sm"
              icon={<Columns3 size={14} />}
              disabled={!canChange}
              onClick={() => press('auth.column-privileges.switch', { role, privilege })}
            >
              Switch to column-level
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
