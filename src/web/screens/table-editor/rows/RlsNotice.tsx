import { useQuery } from '@tanstack/react-query'
import { ShieldAlert, ShieldOff } from 'lucide-react'
import type { GridTable } from '../../../../shared/api'
import { MSG } from '../../../../shared/messages'
import { paths } from '../../../../shared/routes'
import { press } from '../../../commands-run'
import { useApi } from '../../../commands-context'
import { policiesQuery } from '../../../model/project/queries'
import { Popover, buttonClass } from '../../../ui'

/** The table's policies page (spec 2: ?search={tableId}&schema=). */
const policiesHref = (ref: string, table: GridTable) => paths.authPolicies(ref, { schema: table.schema, search: table.id })

/**
 * The grid header's RLS warnings (spec 8): RLS on with no policies (selects return nothing), or RLS off
 * (anyone with the API key reads and writes the table). Each links to the table's policies.
 */
export function RlsNotice({ projectRef, table }: { projectRef: string; table: GridTable }) {
  const isTable = table.type === 'table' || table.type === 'partitioned table'
  const policies = useQuery({
    ...policiesQuery(useApi(), projectRef),
    select: (all) => all.filter((p) => p.table_id === table.id).length,
    enabled: isTable && table.rls_enabled,
  })
  if (!isTable) return null
  const notice = !table.rls_enabled
    ? { label: 'RLS disabled', text: MSG.rlsDisabled, icon: <ShieldOff size={13} /> }
    : policies.data === 0
      ? { label: 'No RLS policies', text: MSG.rlsNoPolicies, icon: <ShieldAlert size={13} /> }
      : null
  if (!notice) return null
  return (
    <Popover
      align="start"
      className="rows-rls"
      trigger={
        <button type="button" className="rows-rls__chip" aria-label={`${notice.label}: ${notice.text}`}>
          {notice.icon}
          {notice.label}
        </button>
      }
    >
      <p className="rows-rls__title">
        {notice.icon} {notice.label}
      </p>
      <p className="rows-rls__text">{notice.text}</p>
      <a
        className={buttonClass('default', 'sm')}
        href={policiesHref(projectRef, table)}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
          e.preventDefault()
          press('policies.table.go', { tableId: table.id })
        }}
      >
        {table.rls_enabled ? 'Add RLS policies' : 'Manage RLS'}
      </a>
    </Popover>
  )
}
