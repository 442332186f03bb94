import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { RotateCw, Search, UsersRound } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { AuthUser, AuthUsersPage } from '../../../../shared/auth'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import type { UsersListing } from '../../../model/auth/users-keys'
import { usersPageQuery } from '../../../model/auth/users-data'
import { focusUser, usersState } from '../../../model/auth/users-state'
import { Alert, Button, EmptyState } from '../../../ui'
import { UserRow } from './UserRow'

const ROW_HEIGHT = 44

interface UserListProps {
  projectRef: string
  listing: UsersListing
  first: UseQueryResult<AuthUsersPage>
  pageSize: number
  openUserId: string | undefined
}

function Headings() {
  return (
    <div className="users-row users-row--head" role="row">
      <span className="users-cell users-cell--email" role="columnheader">Email</span>
      <span className="users-cell users-cell--phone" role="columnheader">Phone</span>
      <span className="users-cell users-cell--provider" role="columnheader">Provider</span>
      <span className="users-cell users-cell--time" role="columnheader">Created</span>
      <span className="users-cell users-cell--time" role="columnheader">Last sign in</span>
      <span className="users-cell users-cell--actions" role="columnheader">
        <span className="sr-only">Actions</span>
      </span>
    </div>
  )
}

/**
 * Every user that matches, in one virtualized list as long as the total: the pages the rows in view fall
 * on are asked for (and cached) as the list scrolls, so a jump to the end of 100,000 users loads one page.
 * The keyboard moves along the rows with the arrows, Home and End; Enter opens the user.
 */
export function UserList({ projectRef, listing, first, pageSize, openUserId }: UserListProps) {
  const api = useApi()
  const scrollRef = useRef<HTMLDivElement>(null)
  const { focusedUserId } = useSnapshot(usersState)
  const total = first.data?.total ?? 0
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const items = virtualizer.getVirtualItems()
  const pageNumbers = useMemo(() => [...new Set(items.map((v) => Math.floor(v.index / pageSize) + 1))], [items, pageSize])
  const pages = useQueries({ queries: pageNumbers.map((n) => usersPageQuery(api, projectRef, listing, n)) })
  const byPage = new Map<number, AuthUser[]>()
  pageNumbers.forEach((n, i) => {
    const data = pages[i]?.data
    // a previous listing's page (kept while the new one loads) is not shown under the new one
    if (data && !pages[i]?.isPlaceholderData) byPage.set(n, data.users)
  })
  const userAt = (index: number) => byPage.get(Math.floor(index / pageSize) + 1)?.[index % pageSize]

  // a new search, filter or sort starts at the top
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 })
  }, [listing.search, listing.filter, listing.sort, listing.order])

  const focusedIndex = (() => {
    if (!focusedUserId) return -1
    for (const v of items) if (userAt(v.index)?.id === focusedUserId) return v.index
    return -1
  })()

  // a move to a row whose page is still loading lands once it has
  const [pending, setPending] = useState<number | null>(null)
  const pendingUser = pending === null ? undefined : userAt(pending)
  useEffect(() => {
    if (!pendingUser) return
    focusUser(pendingUser.id)
    setPending(null)
  }, [pendingUser])

  function moveTo(index: number) {
    const target = Math.max(0, Math.min(total - 1, index))
    virtualizer.scrollToIndex(target, { align: 'auto' })
    const user = userAt(target)
    if (user) {
      focusUser(user.id)
      setPending(null)
    } else setPending(target)
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.metaKey || e.ctrlKey || total === 0) return
    const at = focusedIndex < 0 ? (items[0]?.index ?? 0) - 1 : focusedIndex
    const visible = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1)
    const moves: Record<string, number> = {
      ArrowDown: at + 1, ArrowUp: at - 1, PageDown: at + visible, PageUp: at - visible, Home: 0, End: total - 1,
    }
    if (e.key in moves) {
      e.preventDefault()
      moveTo(moves[e.key]!)
    } else if (e.key === 'Enter' && focusedUserId) {
      e.preventDefault()
      press('auth.user.open', { userId: focusedUserId })
    }
  }

  if (first.isError) {
    return (
      <Alert
        type="destructive"
        title="Failed to retrieve users"
        action={<Button icon={<RotateCw size={14} />} onClick={() => press('auth.users.refresh')}>Retry</Button>}
        className="users-error"
      >
        {first.error.message}
      </Alert>
    )
  }
  if (first.data && total === 0) {
    const narrowed = listing.search !== '' || listing.filter !== 'all'
    return (
      <EmptyState
        className="users-empty"
        icon={narrowed ? <Search size={20} /> : <UsersRound size={20} />}
        title={narrowed ? MSG.noResults : 'No users in your project yet'}
        description={narrowed ? 'No user matches this search and filter.' : 'Users appear here once they sign up, or when you create or invite them.'}
      />
    )
  }

  return (
    <div className="area-table users-table" role="grid" aria-label="Users" aria-rowcount={total} aria-busy={!first.data || undefined}>
      <Headings />
      <div
        ref={scrollRef}
        className="area-scroll users-scroll"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => !focusedUserId && items[0] && moveTo(items[0].index)}
        aria-label="User rows"
        aria-activedescendant={focusedUserId ? `user-row-${focusedUserId}` : undefined}
      >
        {!first.data ? (
          Array.from({ length: 10 }, (_, i) => <div key={i} className="users-skeleton" />)
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((v) => {
              const user = userAt(v.index)
              return (
                <div key={v.key} className="users-virtual" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
                  {user ? (
                    <UserRow user={user} rowIndex={v.index + 2} focused={user.id === focusedUserId} open={user.id === openUserId} />
                  ) : (
                    <div className="users-skeleton" aria-hidden />
                  )}
                </div>
              )
            })}
          </div>
        )}
      </div>
    </div>
  )
}
