/** The Explain tab: the plan EXPLAIN ANALYZE printed for the statement, or why it failed, and that nothing was kept. */
import type { Explained } from '../../../model/sql-editor/sql-editor'
import { MSG } from '../../../../shared/messages'
import { Alert, CopyButton } from '../../../ui'

export function ExplainPlan({ explained }: { explained: Explained }) {
  if (explained.status === 'failed') {
    return (
      <div className="sql-results--padded sql-explain">
        <Alert type="destructive" title="EXPLAIN failed">
          <p className="sql-error__message">{explained.error.message}</p>
          {explained.error.at && (
            <p className="sql-error__place">
              Line {explained.error.at.line}, column {explained.error.at.column}
            </p>
          )}
        </Alert>
      </div>
    )
  }
  const plan = explained.plan.join('\n')
  return (
    <div className="sql-explain" role="region" aria-label="Query plan">
      <div className="sql-explain__note">
        <span>{MSG.sqlExplainRolledBack}</span>
        <CopyButton text={plan} label="Copy plan" size="sm" variant="ghost" />
      </div>
      <pre className="sql-explain__plan">{plan}</pre>
    </div>
  )
}
