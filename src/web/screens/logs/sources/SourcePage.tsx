/** Placeholder while the source views are built (issue 16). */
import type { LogSource } from '../../../../shared/logs'

function SourceLogsPage({ source }: { source: LogSource }) {
  return (
    <div className="db-page">
      <h1 className="area-header__title">{source} logs</h1>
    </div>
  )
}

export const EdgeLogsPage = () => <SourceLogsPage source="edge" />
export const PostgresLogsPage = () => <SourceLogsPage source="postgres" />
export const PostgrestLogsPage = () => <SourceLogsPage source="postgrest" />
export const AuthLogsPage = () => <SourceLogsPage source="auth" />
export const StorageLogsPage = () => <SourceLogsPage source="storage" />
