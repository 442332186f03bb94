import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Plus, RotateCw, Search } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, DisabledReason, EmptyState, Input } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { roleSections, rolesQuery } from '../../../model/database/roles/roles-data'
import { RoleDialog } from './RoleDialog'
import { RoleList } from './RoleList'
import './roles.css'

const ROUTE = '/project/$ref/database/roles'
const SEARCH_DEBOUNCE_MS = 200

function Skeleton() {
  return (
    <div className="db-skeleton" aria-busy="true" aria-label="Loading roles">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="db-skeleton__row db-skeleton__shimmer" />
      ))}
    </div>
  )
}

/** /project/{ref}/database/roles: the roles people created (editable) and the system roles (read-only). */
export function RolesPage() {
  const { ref } = useParams({ from: ROUTE })
  const roles = useQuery(rolesQuery(useApi(), ref))
  const search = useSearch({ from: ROUTE }).search?.trim() ?? ''
  // typing settles into ?search= (the 'database.roles.search' command); the URL wins when it changes elsewhere
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.roles.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const createReason = useCommandReason('database.role.create-dialog.open')
  const sections = useMemo(() => roleSections(roles.data ?? [], search), [roles.data, search])
  const all = useMemo(() => roleSections(roles.data ?? [], ''), [roles.data])

  return (
    <div className="db-page">
      <header className="area-header">
        <div className="roles-header__text">
          <h1 className="area-header__title">Database Roles</h1>
          <p className="area-header__lead" role="status">
            {roles.data ? `${all.user.length} ${all.user.length === 1 ? 'role' : 'roles'} · ${all.system.length} system roles` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <Input
            type="search"
            size="md"
            icon={<Search size={14} />}
            placeholder="Search for a role"
            aria-label="Search for a role"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="roles-search"
          />
          <DisabledReason reason={createReason}>
            <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('database.role.create-dialog.open')}>
              Create role
            </Button>
          </DisabledReason>
        </div>
      </header>
      {roles.isError ? (
        <Alert
          type="destructive"
          title={MSG.rolesError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.roles.refresh')}>Retry</Button>}
          className="db-error"
        >
          {roles.error.message}
        </Alert>
      ) : !roles.data ? (
        <Skeleton />
      ) : search && sections.user.length + sections.system.length === 0 ? (
        <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
      ) : (
        <RoleList sections={sections} searching={search !== ''} />
      )}
      <RoleDialog projectRef={ref} />
    </div>
  )
}
