import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useRouterState } from '@tanstack/react-router'
import { Plus, RotateCw, Search } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, DisabledReason, EmptyState, Input } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useDebouncedValue } from '../../table-editor/useDebouncedValue'
import { readRolesSearch, roleSections, rolesQuery } from './roles-data'
import { RoleDialog } from './RoleDialog'
import { RoleList } from './RoleList'
import './roles.css'

const SEARCH_DEBOUNCE_MS = 200

/** The search box: typing settles into ?search= (the 'database.roles.search' command); the URL wins when it changes elsewhere. */
function useRolesSearch(): [string, string, (text: string) => void] {
  const search = readRolesSearch(useRouterState({ select: (s) => s.location.search as Record<string, unknown> }))
  const [draft, setDraft] = useState(search)
  const settled = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS)
  useEffect(() => {
    if (settled.trim() !== search) press('database.roles.search', { search: settled })
  }, [settled]) // only a settled draft moves the URL
  useEffect(() => {
    if (search !== draft.trim()) setDraft(search)
  }, [search]) // only an outside change of the URL moves the draft
  return [search, draft, setDraft]
}

function Skeleton() {
  return (
    <div className="roles-skeleton" aria-busy="true" aria-label="Loading roles">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="roles-skeleton__row" />
      ))}
    </div>
  )
}

/** /project/{ref}/database/roles: the roles people created (editable) and the system roles (read-only). */
export function RolesPage() {
  const { ref } = useParams({ strict: false }) as { ref: string }
  const roles = useQuery(rolesQuery(useApi(), ref))
  const [search, draft, setDraft] = useRolesSearch()
  const createReason = useCommandReason('database.role.create-dialog.open')
  const sections = useMemo(() => roleSections(roles.data ?? [], search), [roles.data, search])
  const all = useMemo(() => roleSections(roles.data ?? [], ''), [roles.data])

  return (
    <div className="roles-page">
      <header className="roles-header">
        <div className="roles-header__text">
          <h1 className="roles-header__title">Database Roles</h1>
          <p className="roles-header__counts" role="status">
            {roles.data ? `${all.user.length} ${all.user.length === 1 ? 'role' : 'roles'} · ${all.system.length} system roles` : '\u00a0'}
          </p>
        </div>
        <div className="roles-header__actions">
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
          className="roles-error"
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
