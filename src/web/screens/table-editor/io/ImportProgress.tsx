import { useSnapshot } from 'valtio'
import { Alert, cx } from '../../../ui'
import { importState } from '../../../model/table-editor/io/import-state'
import { about } from '../../../model/table-editor/io/row-estimate'

const count = (n: number) => n.toLocaleString('en-US')
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`

/**
 * How the running import goes: rows so far of the expected total when the server's progress lines arrive
 * (headless), else the share of the file sent so far (a browser reads the server's answer only once the
 * whole file is sent; the server loads the rows as they arrive, so the two go together), then the
 * database finishing; or the row that stopped it.
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
  const done = state.phase === 'done'
  const byRows = !done && state.rows > 0
  const sending = !done && !byRows && state.sent > 0 && state.sent < state.size
  const finishing = !done && !byRows && state.size > 0 && state.sent >= state.size
  const known = done || byRows || sending
  const share = done ? 1 : byRows ? Math.min(0.99, state.rows / Math.max(1, state.total.rows)) : sending ? Math.min(0.99, state.sent / state.size) : 0
  const [title, detail] = done
    ? ['Imported', `${count(state.rows)} rows`]
    : byRows
      ? ['Importing', `${count(state.rows)} of ${about(state.total)} rows`]
      : sending
        ? ['Importing', `${mb(state.sent)} of ${mb(state.size)} sent · ${about(state.total)} rows`]
        : finishing
          ? ['Finishing the import…', `${about(state.total)} rows`]
          : ['Sending the file and importing its rows…', `${about(state.total)} rows`]
  return (
    <div className="io-progress">
      <div className="io-progress__text">
        <span>{title}</span>
        <span>{detail}</span>
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
