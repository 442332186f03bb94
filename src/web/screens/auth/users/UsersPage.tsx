import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { ChevronDown, Mail, Plus, RotateCw, Search, UserPlus } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { AUTH_USER_FILTERS, AUTH_USER_SORTS } from '../../../../shared/auth'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { USERS_PAGE_SIZE, usersPageQuery } from '../../../model/auth/users-data'
import { FILTER_LABELS, SORT_LABELS, listingOf } from '../../../model/auth/users-rules'
import { Button, DisabledReason, DropdownMenu, IconButton, Input, MenuItem, Select } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { UserDialogs } from './UserDialogs'
import { UserList } from './UserList'
import { UserPanel } from './UserPanel'
import './users.css'

const ROUTE = '/project/$ref/auth/users'
const SEARCH_DEBOUNCE_MS = 250

/** /project/{ref}/auth/users: the project's users, searched, filtered and sorted on the server, a page at a time. */
export function UsersPage() {
  const { ref } = useParams({ from: ROUTE })
  const search = useSearch({ from: ROUTE })
  const listing = listingOf(search)
  const api = useApi()
  // the first page says how many match (the list asks for the pages in view itself)
  const first = useQuery(usersPageQuery(api, ref, listing, 1))
  const [draft, setDraft] = useUrlSearchDraft(listing.search, (text) => press('auth.users.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const addReason = useCommandReason('auth.user.create-dialog.open')
  const { overrides } = useSnapshot(keymap)
  const total = first.data?.total

  return (
    <div className="area-page">
      <header className="area-header">
        <div className="users-header__text">
          <h1 className="area-header__title">Users</h1>
          <p className="area-header__lead" role="status" aria-label="Users shown">
            {total === undefined ? '\u00a0' : `${total.toLocaleString('en-US')} ${total === 1 ? 'user' : 'users'}${listing.search || listing.filter !== 'all' ? ' match' : ''}`}
          </p>
        </div>
        <div className="area-toolbar">
          <Input
            type="search"
            icon={<Search size={14} />}
            placeholder="Search by email, phone or id"
            aria-label="Search users"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="users-search"
            data-users-search
          />
          <Select
            aria-label="Filter users"
            value={listing.filter}
            onValueChange={(filter) => press('auth.users.filter.set', { filter: filter as (typeof AUTH_USER_FILTERS)[number] })}
            options={AUTH_USER_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
            className="users-select"
          />
          <Select
            aria-label="Sort users"
            value={`${listing.sort}:${listing.order}`}
            onValueChange={(v) => {
              const [sort, order] = v.split(':') as [(typeof AUTH_USER_SORTS)[number], 'asc' | 'desc']
              press('auth.users.sort.set', { sort, order })
            }}
            options={AUTH_USER_SORTS.flatMap((s) => [
              { value: `${s}:desc`, label: `${SORT_LABELS[s]}: ${s === 'email' ? 'Z → A' : 'newest first'}` },
              { value: `${s}:asc`, label: `${SORT_LABELS[s]}: ${s === 'email' ? 'A → Z' : 'oldest first'}` },
            ])}
            className="users-select"
          />
          <IconButton label="Refresh users" icon={<RotateCw size={14} />} variant="default" binding={bindingFor('auth.users.refresh', overrides)} onClick={() => press('auth.users.refresh')} />
          <DisabledReason reason={addReason}>
            <DropdownMenu
              align="end"
              trigger={
                <Button variant="primary" icon={<Plus size={14} />} iconRight={<ChevronDown size={14} />} disabled={addReason !== null}>
                  Add user
                </Button>
              }
            >
              <MenuItem icon={<Mail size={14} />} binding={bindingFor('auth.user.invite-dialog.open', overrides)} onSelect={() => press('auth.user.invite-dialog.open')}>
                Send invitation
              </MenuItem>
              <MenuItem icon={<UserPlus size={14} />} binding={bindingFor('auth.user.create-dialog.open', overrides)} onSelect={() => press('auth.user.create-dialog.open')}>
                Create new user
              </MenuItem>
            </DropdownMenu>
          </DisabledReason>
        </div>
      </header>
      <div className="users-body">
        <UserList projectRef={ref} listing={listing} first={first} pageSize={USERS_PAGE_SIZE} openUserId={search.user} />
        {search.user && <UserPanel key={search.user} projectRef={ref} userId={search.user} />}
      </div>
      <UserDialogs projectRef={ref} />
    </div>
  )
}
