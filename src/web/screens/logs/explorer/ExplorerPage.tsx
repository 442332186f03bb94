/**
 * /project/{ref}/logs/explorer: SQL over the source views (edge_logs, postgres_logs, postgrest_logs, auth_logs,
 * storage_logs) in the time range of the URL; ⌘/Ctrl+Enter in the editor or Run runs it. The SQL that ran is in
 * the URL (?sql=), so a link (a source's "open in explorer", a template) opens here and runs.
 */
import { useEffect } from 'react'
import { Link, useParams, useSearch } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { Play } from 'lucide-react'
import { LOGS_QUERY_MAX_ROWS } from '../../../../shared/constants'
import { paths } from '../../../../shared/routes'
import { press } from '../../../commands-run'
import { LOGS_EXPLORER_EDITOR_KEYS, logsExplorer, replaceExplorerSql } from '../../../model/logs/explorer/explorer-state'
import { Alert, Button, Kbd, Spinner, buttonClass } from '../../../ui'
import { ExplorerEditor } from './ExplorerEditor'
import { RangePicker } from '../RangePicker'
import { ResultsChart } from './ResultsChart'
import { ResultsTable } from './ResultsTable'

const ROUTE = '/project/$ref/logs/explorer'
const RUN_KEY = LOGS_EXPLORER_EDITOR_KEYS[0]![1]

function Results() {
  const { result, error, running } = useSnapshot(logsExplorer)
  if (error) return <Alert type="danger" title="The query was refused">{error}</Alert>
  if (!result) {
    return (
      <p className="logs-muted logs-explorer__hint">
        {running ? <Spinner label="Running" /> : <>Run the query (<Kbd binding={RUN_KEY} />) to see its rows here.</>}
      </p>
    )
  }
  const rows = result.rows as Record<string, unknown>[]
  return (
    <>
      <p className="logs-explorer__status" role="status">
        {result.truncated ? `First ${LOGS_QUERY_MAX_ROWS.toLocaleString('en-US')} rows` : `${rows.length.toLocaleString('en-US')} ${rows.length === 1 ? 'row' : 'rows'}`}
        {running && <Spinner label="Running" />}
      </p>
      {rows.length > 0 && <ResultsChart rows={rows} />}
      {rows.length > 0 ? <ResultsTable rows={rows} /> : <p className="logs-muted logs-explorer__hint">No rows in this time range.</p>}
    </>
  )
}

export function ExplorerPage() {
  const { ref = '' } = useParams({ strict: false })
  const search = useSearch({ from: ROUTE })
  const { running, sql } = useSnapshot(logsExplorer)

  // a link's query (?sql=) runs when it is not the one that ran last (a run puts its own SQL there)
  useEffect(() => {
    if (!search.sql || search.sql === logsExplorer.ranSql || logsExplorer.running) return
    replaceExplorerSql(search.sql)
    press('logs.explorer.run', { sql: search.sql })
  }, [search.sql])

  return (
    <div className="area-page logs-explorer">
      <header className="area-header logs-explorer__header">
        <div>
          <h1 className="area-header__title">Logs Explorer</h1>
          <p className="area-header__lead">Query every source's logs with SQL: edge_logs, postgres_logs, postgrest_logs, auth_logs, storage_logs.</p>
        </div>
        <div className="logs-explorer__toolbar">
          <RangePicker search={search} command="logs.explorer.range.set" disabled={running} />
          <Link className={buttonClass('default', 'sm')} to={paths.logsExplorerTemplates(ref)}>
            Templates
          </Link>
          <Button size="sm" variant="primary" icon={<Play size={14} />} loading={running} disabled={!sql.trim()} onClick={() => press('logs.explorer.run')}>
            Run <Kbd binding={RUN_KEY} />
          </Button>
        </div>
      </header>
      <section className="logs-explorer__editor" aria-label="Query">
        <ExplorerEditor />
      </section>
      <section className="logs-explorer__results" aria-label="Results">
        <Results />
      </section>
    </div>
  )
}
