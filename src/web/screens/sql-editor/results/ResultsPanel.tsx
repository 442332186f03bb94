/**
 * Under the editor: what the last run gave. While running, a spinner and Cancel; then one tab per
 * statement result with its row count and duration, copy and download, and an Explain tab once a
 * statement was explained; or the database's error with its line and column. A result cut at the row
 * limit says so above its rows, with the download of the whole result. 'Focus results' puts the
 * keyboard here.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { ClipboardCopy, Download, OctagonX, TerminalSquare } from 'lucide-react'
import type { StatementResult } from '../../../../shared/content'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { explainTab, setActiveTab, sqlEditor, type Explained, type QueryError } from '../../../model/sql-editor/sql-editor'
import { resultsView } from '../../../model/sql-editor/results/view'
import { Alert, Button, DropdownMenu, EmptyState, Kbd, MenuItem, Spinner, cx } from '../../../ui'
import { ExplainPlan } from './ExplainPlan'
import { ResultsGrid } from './ResultsGrid'
import { ValueViewer } from './ValueViewer'
import { plural } from '../../../model/sql-editor/results/format'
import './results.css'

export function ResultsPanel() {
  const snap = useSnapshot(sqlEditor)
  const { viewerOpen } = useSnapshot(resultsView)
  const { overrides } = useSnapshot(keymap)
  const focusTarget = useRef<HTMLDivElement>(null)
  const results = snap.results as readonly StatementResult[]
  const explained = snap.explained as Explained | null
  const onExplain = explained !== null && snap.activeTab === explainTab()
  const active = onExplain ? undefined : results[snap.activeTab]

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
          <span>{snap.running === 'explain' ? 'Explaining query…' : 'Running query…'}</span>
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
  if (!active && !onExplain) {
    return (
      <section className="sql-results sql-results--center" aria-label="Results" ref={focusTarget} tabIndex={-1}>
        <EmptyState
          icon={<TerminalSquare size={20} />}
          title="Results appear here"
          description={
            <>
              Run the query with <Kbd binding={bindingFor('sql.run', overrides)} />, or select part of it to run only that. Explain
              it with <Kbd binding={bindingFor('sql.explain', overrides)} />.
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
            <Tab key={i} index={i} active={i === snap.activeTab}>
              {results.length > 1 && <span className="sql-tab__number">{i + 1}</span>}
              {r.command || 'Result'}
            </Tab>
          ))}
          {explained && (
            <Tab index={explainTab()} active={onExplain}>
              Explain
            </Tab>
          )}
        </div>
        <span className="sql-results__status" role="status">
          {onExplain && explained?.status === 'done' ? (
            <>
              Query plan<span className="sql-results__duration"> in {formatDuration(explained.durationMs)}</span>
            </>
          ) : (
            active && (
              <>
                {summary(active)}
                {snap.durationMs !== null && <span className="sql-results__duration"> in {formatDuration(snap.durationMs)}</span>}
              </>
            )
          )}
        </span>
        {active && active.columns.length > 0 && <ResultActions />}
      </div>
      {onExplain && explained ? (
        <ExplainPlan explained={explained} />
      ) : active && active.columns.length > 0 ? (
        <>
          {active.truncated && <LimitedBanner rows={active.rows.length} />}
          <div className="sql-results__body">
            <ResultsGrid
              key={snap.activeTab}
              result={active}
              tab={snap.activeTab}
              focusRequest={snap.resultsFocus}
              label={`Result ${snap.activeTab + 1}: ${active.command}`}
            />
            {viewerOpen && <ValueViewer result={active} />}
          </div>
        </>
      ) : (
        <div className="sql-results--center" ref={focusTarget} tabIndex={-1}>
          <p className="sql-results__done">
            {active?.command ? `${active.command} completed` : 'Done'}. No rows returned.
          </p>
        </div>
      )}
    </section>
  )
}

function Tab({ index, active, children }: { index: number; active: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      tabIndex={active ? 0 : -1}
      className={cx('sql-tab', active && 'sql-tab--active')}
      onClick={() => setActiveTab(index)}
    >
      {children}
    </button>
  )
}

function ResultActions() {
  return (
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
      <DropdownMenu
        align="end"
        trigger={
          <Button size="sm" variant="ghost" icon={<Download size={14} />}>
            Download
          </Button>
        }
      >
        <MenuItem onSelect={() => press('sql.results.download', { format: 'csv' })}>Download as CSV</MenuItem>
        <MenuItem onSelect={() => press('sql.results.download', { format: 'json' })}>Download as JSON</MenuItem>
      </DropdownMenu>
    </div>
  )
}

/** Above rows the limit cut: that more exist, and the whole result as a file. */
function LimitedBanner({ rows }: { rows: number }) {
  return (
    <div className="sql-limited" role="note" aria-label="Results limited">
      <span>{MSG.sqlRowsLimited(rows)}</span>
      <Button size="sm" variant="ghost" icon={<Download size={14} />} onClick={() => press('sql.results.download', { format: 'csv' })}>
        All rows as CSV
      </Button>
      <Button size="sm" variant="ghost" icon={<Download size={14} />} onClick={() => press('sql.results.download', { format: 'json' })}>
        All rows as JSON
      </Button>
    </div>
  )
}

const ROW_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'])

function summary(result: StatementResult): string {
  if (result.columns.length > 0) return result.truncated ? `First ${plural(result.rows.length, 'row')}` : plural(result.rows.length, 'row')
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
