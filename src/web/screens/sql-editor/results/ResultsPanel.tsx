/**
 * Under the editor: what the last run gave. While running, a spinner and Cancel; then one tab per
 * statement result with its row count and duration, copy and download; or the database's error with
 * its line and column. 'Focus results' puts the keyboard here.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { ClipboardCopy, Download, OctagonX, TerminalSquare } from 'lucide-react'
import type { StatementResult } from '../../../../shared/content'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { setActiveTab, sqlEditor, type QueryError } from '../../../model/sql-editor/sql-editor'
import { Alert, Button, DropdownMenu, EmptyState, Kbd, MenuItem, Spinner, cx } from '../../../ui'
import { ResultsGrid } from './ResultsGrid'
import { plural } from '../../../model/sql-editor/results/format'

export function ResultsPanel() {
  const snap = useSnapshot(sqlEditor)
  const { overrides } = useSnapshot(keymap)
  const focusTarget = useRef<HTMLDivElement>(null)
  const results = snap.results as readonly StatementResult[]
  const active = results[snap.activeTab]

  useEffect(() => {
    if (snap.resultsFocus > 0 && !active?.columns.length) focusTarget.current?.focus()
  }, [snap.resultsFocus, active])

  /** ←/→ move between the tabs (the tab list is one stop for Tab). */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    setActiveTab(snap.activeTab + step)
    const tabs = event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')
    tabs[Math.max(0, Math.min(tabs.length - 1, snap.activeTab + step))]?.focus()
  }

  if (snap.runId) {
    return (
      <section className="sql-results sql-results--center" aria-label="Results">
        <div className="sql-running" role="status">
          <Spinner size={16} />
          <span>Running query…</span>
          <Button size="sm" icon={<OctagonX size={14} />} onClick={() => press('sql.cancel')}>
            Cancel
          </Button>
          <Kbd binding={bindingFor('sql.cancel', overrides)} />
        </div>
      </section>
    )
  }
  if (snap.error) {
    return (
      <section className="sql-results sql-results--padded" aria-label="Results" ref={focusTarget} tabIndex={-1}>
        <ErrorPanel error={snap.error} />
      </section>
    )
  }
  if (!active) {
    return (
      <section className="sql-results sql-results--center" aria-label="Results" ref={focusTarget} tabIndex={-1}>
        <EmptyState
          icon={<TerminalSquare size={20} />}
          title="Results appear here"
          description={
            <>
              Run the query with <Kbd binding={bindingFor('sql.run', overrides)} />, or select part of it to run only that.
            </>
          }
        />
      </section>
    )
  }

  return (
    <section className="sql-results" aria-label="Results">
      <div className="sql-results__bar">
        <div role="tablist" aria-label="Statement results" className="sql-tabs" onKeyDown={onTabKey}>
          {results.map((r, i) => (
            <button
              key={i}
              type="button"
              role="tab"
              aria-selected={i === snap.activeTab}
              tabIndex={i === snap.activeTab ? 0 : -1}
              className={cx('sql-tab', i === snap.activeTab && 'sql-tab--active')}
              onClick={() => setActiveTab(i)}
            >
              {results.length > 1 && <span className="sql-tab__number">{i + 1}</span>}
              {r.command || 'Result'}
            </button>
          ))}
        </div>
        <span className="sql-results__status" role="status">
          {summary(active)}
          {snap.durationMs !== null && <span className="sql-results__duration"> in {formatDuration(snap.durationMs)}</span>}
        </span>
        {active.columns.length > 0 && (
          <div className="sql-results__actions">
            <DropdownMenu
              align="end"
              trigger={
                <Button size="sm" variant="ghost" icon={<ClipboardCopy size={14} />}>
                  Copy
                </Button>
              }
            >
              <MenuItem onSelect={() => press('sql.results.copy', { format: 'csv' })}>Copy as CSV</MenuItem>
              <MenuItem onSelect={() => press('sql.results.copy', { format: 'json' })}>Copy as JSON</MenuItem>
              <MenuItem onSelect={() => press('sql.results.copy', { format: 'markdown' })}>Copy as Markdown</MenuItem>
            </DropdownMenu>
            <Button size="sm" variant="ghost" icon={<Download size={14} />} onClick={() => press('sql.results.download-csv')}>
              CSV
            </Button>
          </div>
        )}
      </div>
      {active.columns.length > 0 ? (
        <ResultsGrid key={snap.activeTab} result={active} focusRequest={snap.resultsFocus} label={`Result ${snap.activeTab + 1}: ${active.command}`} />
      ) : (
        <div className="sql-results--center" ref={focusTarget} tabIndex={-1}>
          <p className="sql-results__done">
            {active.command ? `${active.command} completed` : 'Done'}. No rows returned.
          </p>
        </div>
      )}
    </section>
  )
}

const ROW_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'])

function summary(result: StatementResult): string {
  if (result.columns.length > 0) return plural(result.rows.length, 'row')
  if (ROW_COMMANDS.has(result.command)) return `${plural(result.rowCount, 'row')} affected`
  return 'Success'
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`
}

function ErrorPanel({ error }: { error: QueryError }) {
  return (
    <Alert type="destructive" title="The query failed">
      <p className="sql-error__message">{error.message}</p>
      {error.at && (
        <p className="sql-error__place">
          Line {error.at.line}, column {error.at.column}
        </p>
      )}
    </Alert>
  )
}
