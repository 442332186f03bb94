import { useSnapshot } from 'valtio'
import { columnPrivilegeStatements, type ColumnPrivilegesTable } from '../../../../shared/contract/column-privileges'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { changesOf, type Staged } from '../../../model/auth/column-privileges-rules'
import { Button, Kbd } from '../../../ui'

/** The staged changes: how many, the exact SQL the server will run in one transaction, Discard and Apply. */
export function ApplyBar({ table, staged }: { table: ColumnPrivilegesTable; staged: Staged }) {
  const { overrides } = useSnapshot(keymap)
  const changes = changesOf(table, staged)
  if (changes.length === 0) return null
  const statements = columnPrivilegeStatements(table.table, changes)
  const applyKey = bindingFor('auth.column-privileges.apply', overrides)
  return (
    <section className="cp-apply" aria-label="Staged changes">
      <details className="cp-apply__sql">
        <summary>
          {statements.length} {statements.length === 1 ? 'statement' : 'statements'} to run in one transaction: review SQL
        </summary>
        <pre>{statements.join('\n')}</pre>
      </details>
      <div className="cp-apply__buttons">
        <Button onClick={() => press('auth.column-privileges.discard')}>Discard</Button>
        <Button variant="primary" onClick={() => press('auth.column-privileges.apply')}>
          Apply changes{applyKey && <Kbd binding={applyKey} />}
        </Button>
      </div>
    </section>
  )
}
