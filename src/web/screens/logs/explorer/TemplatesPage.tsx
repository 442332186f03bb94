/** /project/{ref}/logs/explorer/templates: ready queries, each opened (and run) in the explorer. */
import { Play } from 'lucide-react'
import { LOG_VIEWS } from '../../../../shared/logs'
import { press } from '../../../commands-run'
import { LOG_TEMPLATES } from '../../../model/logs/explorer/templates'
import { Badge, Button } from '../../../ui'

export function TemplatesPage() {
  return (
    <div className="area-page logs-pick">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Templates</h1>
          <p className="area-header__lead">Ready queries over the logs; each opens in the explorer and runs over its time range.</p>
        </div>
      </header>
      <ul className="logs-pick__list" aria-label="Templates">
        {LOG_TEMPLATES.map((t) => (
          <li key={t.id} className="logs-pick__item">
            <div className="logs-pick__text">
              <span className="logs-pick__title">{t.title}</span>
              <span className="logs-muted">{t.description}</span>
            </div>
            <Badge>{LOG_VIEWS[t.source]}</Badge>
            <Button size="sm" icon={<Play size={14} />} aria-label={`Open ${t.title}`} onClick={() => press('logs.explorer.template.open', { template: t.id })}>
              Open
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
