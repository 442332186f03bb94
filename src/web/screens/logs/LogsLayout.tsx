import { Outlet } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Lock } from 'lucide-react'
import { MSG } from '../../../shared/messages'
import { isGranted } from '../../../shared/permissions'
import { useApi, useIsPlatform } from '../../commands-context'
import { permissionsQuery } from '../../model/project/project-queries'
import { EmptyState, Spinner } from '../../ui'
import { LogsSidebar } from './LogsSidebar'
import './logs.css'

/**
 * /project/{ref}/logs: the Logs menu beside the open page; without the logs-read permission a full-page
 * 'no access' message instead (spec 2; the server refuses the logs too).
 */
export function LogsLayout() {
  const grants = useQuery(permissionsQuery(useApi(), useIsPlatform())).data
  if (!grants) {
    return (
      <div className="area-layout logs-area logs-center">
        <Spinner label="Loading" />
      </div>
    )
  }
  if (!isGranted(grants, 'analyticsReadLogs')) {
    return (
      <div className="area-layout logs-area logs-center">
        <EmptyState icon={<Lock size={20} />} title={MSG.logsNoAccessTitle} description={MSG.noPermission('read logs')} />
      </div>
    )
  }
  return (
    <div className="area-layout logs-area">
      <LogsSidebar grants={grants} />
      <section className="area-main">
        <Outlet />
      </section>
    </div>
  )
}
