import { useSnapshot } from 'valtio'
import { Alert, cx } from '../../../ui'
import { importState } from '../../../model/table-editor/io/import-state'
import { about } from '../../../model/table-editor/io/row-estimate'

const count = (n: number) => n.toLocaleString('en-US')

/**
 * How the running import goes: rows so far of the estimated total, or the row that stopped it. Until the
 * server's first progress line arrives (a browser sends the whole file before it reads the answer) the
 * bar only says that the import is under way.
 */
export function ImportProgress() {
  const state = useSnapshot(importState)
  if (state.phase === 'error') {
    return (
      <Alert type="destructive" title="Nothing was imported">
        {state.error}. The import runs in one transaction, so no row of the file was added.
      </Alert>
    )
  }
  if (state.phase !== 'importing' && state.phase !== 'done') return null
  const known = state.phase === 'done' || state.rows > 0
  const share = state.phase === 'done' ? 1 : state.total > 0 ? Math.min(0.99, state.rows / state.total) : 0
  return (
    <div className="io-progress">
      <div className="io-progress__text">
        <span>{state.phase === 'done' ? 'Imported' : known ? 'Importing' : 'Sending the file and importing its rows…'}</span>
        <span>{state.phase === 'done' ? `${count(state.rows)} rows` : known ? `${count(state.rows)} of ${about(state.total)} rows` : `${about(state.total)} rows`}</span>
      </div>
      <div
        className={cx('io-progress__track', !known && 'io-progress__track--busy')}
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? Math.round(share * 100) : undefined}
      >
        <div className="io-progress__bar" style={known ? { width: `${share * 100}%` } : undefined} />
      </div>
    </div>
  )
}
