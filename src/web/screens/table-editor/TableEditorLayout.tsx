import { Outlet, useParams } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { isGranted } from '../../../shared/permissions'
import { useApi, useIsPlatform } from '../../commands-context'
import { permissionsQuery } from '../../model/project/project-queries'
import { Spinner } from '../../ui'
import { NoPermission } from '../errors/ErrorPage'
import { ImportWizard } from './io/ImportWizard'
import { ColumnPanel } from './structure/ColumnPanel'
import { TableDialogs } from './structure/TableDialogs'
import { TableList } from './TableList'
import './table-editor.css'

/**
 * /project/{ref}/editor: the table list beside the open table (or a hint to open one), and the structure
 * forms the commands open: the column panel, the table dialogs and the CSV import.
 */
export function TableEditorLayout() {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
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
      <ColumnPanel projectRef={ref} />
      <TableDialogs projectRef={ref} />
      <ImportWizard projectRef={ref} />
    </div>
  )
}
