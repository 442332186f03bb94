import { Outlet } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { MSG } from '../../../shared/messages'
import { isGranted } from '../../../shared/permissions'
import { useApi, useIsPlatform } from '../../commands-context'
import { permissionsQuery } from '../../data/project-queries'
import { Spinner } from '../../ui'
import { NoPermission } from '../errors/ErrorPage'
import { TableList } from './TableList'
import './table-editor.css'

/** /project/{ref}/editor: the table list beside the open table (or a hint to open one). */
export function TableEditorLayout() {
  const permissions = useQuery(permissionsQuery(useApi(), useIsPlatform()))
  if (permissions.isPending) {
    return (
      <div className="te-center">
        <Spinner label="Loading" />
      </div>
    )
  }
  if (!isGranted(permissions.data ?? [], 'tenantSqlAdminRead')) return <NoPermission resource={MSG.noPermissionTables} />
  return (
    <div className="te-layout">
      <TableList />
      <section className="te-main">
        <Outlet />
      </section>
    </div>
  )
}
