import { useSnapshot } from 'valtio'
import { Alert } from '../../../ui'
import { importState } from './import-state'

const count = (n: number) => n.toLocaleString('en-US')

/** How the running import goes: rows so far of the estimated total, or the row that stopped it. */
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
  const share = state.phase === 'done' ? 1 : state.total > 0 ? Math.min(0.99, state.rows / state.total) : 0
  return (
    <div className="io-progress">
      <div className="io-progress__text">
        <span>{state.phase === 'done' ? 'Imported' : 'Importing'}</span>
        <span>
          {count(state.rows)} {state.phase === 'done' ? '' : `of about ${count(state.total)} `}rows
        </span>
      </div>
      <div
        className="io-progress__track"
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <div className="io-progress__bar" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  )
}
