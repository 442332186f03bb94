import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import type { AuthConfig } from '../../../../shared/auth'
import { MSG } from '../../../../shared/messages'
import { useApi, useIsPlatform } from '../../../commands-context'
import { permissionsQuery } from '../../../model/project/project-queries'
import { useCan } from '../../../useCan'
import { authConfigQuery } from '../../../model/auth/config-data'
import { authConfigEditor } from '../../../model/auth/config-state'
import { Alert, Badge, Spinner } from '../../../ui'
import './auth-config.css'

interface AuthConfigPageProps {
  title: string
  lead: ReactNode
  badge?: 'BETA'
  /** the page's body once the configuration is in; keyed so a save or a discard starts its form afresh */
  children: (config: AuthConfig, formKey: string) => ReactNode
}

/** One Authentication settings page: its title and lead, then the configuration's cards (or why they cannot show). */
export function AuthConfigPage({ title, lead, badge, children }: AuthConfigPageProps) {
  const { ref } = useParams({ strict: false }) as { ref: string }
  const allowed = useCan('projectAuthAll')
  const grants = useQuery(permissionsQuery(useApi(), useIsPlatform()))
  // without project_auth:all the server refuses the configuration: say so instead of asking
  const config = useQuery({ ...authConfigQuery(useApi(), ref), enabled: allowed })
  const { resets } = useSnapshot(authConfigEditor)
  return (
    <div className="auth-cfg">
      <header className="auth-cfg__header">
        <h2 className="auth-cfg__title">
          {title}
          {badge && <Badge tone="warning">{badge}</Badge>}
        </h2>
        <p className="auth-cfg__lead">{lead}</p>
      </header>
      {grants.isSuccess && !allowed ? (
        <Alert type="note" title="Authentication settings">{MSG.noPermission('manage authentication')}</Alert>
      ) : config.isPending ? (
        <Spinner label="Loading authentication settings" />
      ) : config.isError ? (
        <Alert type="destructive" title={MSG.authConfigFailed}>
          {config.error.message}
        </Alert>
      ) : (
        children(config.data, `${config.dataUpdatedAt}-${resets}`)
      )}
    </div>
  )
}
