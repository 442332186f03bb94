/** /project/{ref}/logs/explorer/recent: the queries run in the explorer (this browser), newest first; each reopens there. */
import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { History, Play, Trash2 } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { loadRecentQueries, recentQueries } from '../../../model/logs/explorer/recent'
import { Button, EmptyState } from '../../../ui'

export function RecentQueriesPage() {
  const { ref = '' } = useParams({ strict: false })
  loadRecentQueries(ref)
  const { items } = useSnapshot(recentQueries)
  return (
    <div className="area-page logs-pick">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Recent queries</h1>
          <p className="area-header__lead">The queries run in the explorer, kept in this browser.</p>
        </div>
        <Button size="sm" icon={<Trash2 size={14} />} disabled={!items.length} onClick={() => press('logs.explorer.recent.clear')}>
          Clear
        </Button>
      </header>
      {items.length === 0 ? (
        <EmptyState icon={<History size={20} />} title="No recent queries" description={MSG.logsExplorerNoRecent} />
      ) : (
        <ul className="logs-pick__list" aria-label="Recent queries">
          {items.map((q) => (
            <li key={q.sql} className="logs-pick__item">
              <div className="logs-pick__text">
                <code className="logs-pick__sql">{q.sql}</code>
                <span className="logs-muted">{new Date(q.ranAt).toLocaleString()}</span>
              </div>
              <Button size="sm" icon={<Play size={14} />} aria-label={`Open ${q.sql.split('\n')[0]}`} onClick={() => press('logs.explorer.recent.open', { sql: q.sql })}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
