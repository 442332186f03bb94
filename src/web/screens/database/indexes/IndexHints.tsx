import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { INDEX_HINT_MIN_SEQ_SCANS } from '../../../../shared/constants'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Button, Spinner } from '../../../ui'
import { indexHintsQuery, keyLabel } from '../../../model/database/indexes/indexes-data'

/** The hints: indexes never scanned (drop them to save space and writes), tables read by sequential scans (index them). */
export function IndexHintsPanel({ projectRef, schema }: { projectRef: string; schema: string }) {
  const hints = useQuery(indexHintsQuery(useApi(), projectRef, schema))
  const dropReason = useCommandReason('database.index.delete')
  const createReason = useCommandReason('database.index.create-dialog.open')
  const unused = hints.data?.unused ?? []
  const tables = hints.data?.seq_scan_tables ?? []
  return (
    <section className="idx-hints" aria-label="Index hints">
      <div className="idx-hints__col">
        <h2 className="idx-hints__title">
          Unused indexes <span className="idx-hints__count">{hints.data ? unused.length : ''}</span>
        </h2>
        <p className="idx-hints__lead">Never scanned since the statistics were reset. Each one takes space and slows every write to its table.</p>
        {!hints.data ? (
          hints.isError ? <p className="idx-hints__empty">{hints.error.message}</p> : <Spinner />
        ) : unused.length === 0 ? (
          <p className="idx-hints__empty">Every index in {schema} has been used.</p>
        ) : (
          <ul className="idx-hints__list">
            {unused.map((x) => (
              <li key={x.id} className="idx-hint">
                <span className="idx-hint__text">
                  <span className="idx-mono">{x.name}</span>
                  <span className="idx-faint"> on {x.table} ({x.columns.map(keyLabel).join(', ')}) · {x.size}</span>
                </span>
                <Button size="sm" variant="ghost" icon={<Trash2 size={13} />} disabled={dropReason !== null} title={dropReason ?? undefined}
                  aria-label={`Drop ${x.name}`} onClick={() => press('database.index.delete', { index: x.id })}>
                  Drop
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="idx-hints__col">
        <h2 className="idx-hints__title">
          Tables read by sequential scans <span className="idx-hints__count">{hints.data ? tables.length : ''}</span>
        </h2>
        <p className="idx-hints__lead">
          At least {INDEX_HINT_MIN_SEQ_SCANS} full reads and few index scans: an index on the columns their queries filter by may help.
        </p>
        {!hints.data ? null : tables.length === 0 ? (
          <p className="idx-hints__empty">No table of {schema} is read mostly by sequential scans.</p>
        ) : (
          <ul className="idx-hints__list">
            {tables.map((t) => (
              <li key={t.table_id} className="idx-hint">
                <span className="idx-hint__text">
                  <span className="idx-mono">{t.table}</span>
                  <span className="idx-faint">
                    {' '}· {t.seq_scan.toLocaleString()} sequential scans ({t.seq_tup_read.toLocaleString()} rows read), {(t.idx_scan ?? 0).toLocaleString()} index scans, {t.index_count} {t.index_count === 1 ? 'index' : 'indexes'}
                  </span>
                </span>
                <Button size="sm" variant="ghost" icon={<Plus size={13} />} disabled={createReason !== null} title={createReason ?? undefined}
                  aria-label={`Create index on ${t.table}`} onClick={() => press('database.index.create-dialog.open', { table: t.table_id })}>
                  Create index
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
