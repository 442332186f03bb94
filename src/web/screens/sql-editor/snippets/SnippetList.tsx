import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useLocation } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { LayoutTemplate, Plus, Rocket, Search, Trash2, X } from 'lucide-react'
import type { Snippet } from '../../../../shared/content'
import { MSG } from '../../../../shared/messages'
import { isGranted } from '../../../../shared/permissions'
import { matchPath } from '../../../../shared/routes'
import { useApi, useIsPlatform } from '../../../commands-context'
import { press } from '../../../commands-run'
import { permissionsQuery } from '../../../data/project-queries'
import { bindingFor, keymap } from '../../../keys/keymap'
import {
  NEW_SNIPPET_ID, clearSelection, isOwnSnippet, setSelected, setSnippetSearch, snippetSections,
  snippetsState, toggleSelected,
} from '../../../state/snippets'
import { Alert, Button, EmptyState, IconButton, Input, Kbd, Spinner, Tooltip } from '../../../ui'
import { AutosaveStatus } from './AutosaveStatus'
import { SnippetRow } from './SnippetRow'
import { profileQuery, snippetsQuery } from './snippet-queries'
import { useSnippetAutosave } from './useSnippetAutosave'
import './snippets.css'

/**
 * The SQL editor's left column: new query, templates and quickstarts, search, and the snippets in
 * Favorites, Shared and Private sections. ⌘/Ctrl-click or Space selects several for one delete;
 * ↑/↓ move between snippets; Delete deletes the selected (or focused) ones.
 */
export function SnippetList() {
  const api = useApi()
  const { pathname } = useLocation()
  const route = matchPath(pathname)
  const ref = route.params.ref ?? ''
  const openId = route.id === 'sql-editor.snippet' ? route.params.id : undefined
  const draftKey = route.id === 'sql-editor.new' ? NEW_SNIPPET_ID : openId

  const snippets = useQuery(snippetsQuery(api, ref))
  const profile = useQuery(profileQuery(api))
  const permissions = useQuery(permissionsQuery(api, useIsPlatform()))
  const canCreate = isGranted(permissions.data ?? [], 'createUserContent')
  const userId = profile.data?.id
  useSnippetAutosave({ draftKey, snippets: snippets.data, userId, canCreate })

  const { overrides } = useSnapshot(keymap)
  return (
    <aside className="snip-sidebar" aria-label="Queries">
      <div className="snip-top">
        <Tooltip content="New query" binding={bindingFor('sql.snippet.new', overrides)}>
          <Button variant="primary" size="sm" icon={<Plus size={14} />} className="snip-top__new" onClick={() => press('sql.snippet.new')} disabled={!canCreate}>
            New query
          </Button>
        </Tooltip>
        <IconButton size="sm" label="Templates" icon={<LayoutTemplate size={14} />} onClick={() => press('sql.templates.open')} />
        <IconButton size="sm" label="Quickstarts" icon={<Rocket size={14} />} onClick={() => press('sql.quickstarts.open')} />
      </div>
      {!canCreate && permissions.isSuccess && (
        <Alert type="warning" className="snip-notice">
          {MSG.snippetNoPermission}
        </Alert>
      )}
      <SearchField />
      <SelectionBar />
      {snippets.isPending ? (
        <div className="snip-center">
          <Spinner label="Loading queries" />
        </div>
      ) : snippets.isError ? (
        <Alert type="destructive" className="snip-notice" title="Failed to load queries">
          {snippets.error.message}
        </Alert>
      ) : (
        <Sections projectRef={ref} snippets={snippets.data} openId={openId} userId={userId} />
      )}
      <AutosaveStatus />
    </aside>
  )
}

function SearchField() {
  const { search } = useSnapshot(snippetsState)
  return (
    <div className="snip-search">
      <Input
        size="sm"
        icon={<Search size={14} />}
        placeholder="Search queries"
        aria-label="Search queries"
        value={search}
        onChange={(e) => setSnippetSearch(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && search && (e.stopPropagation(), setSnippetSearch(''))}
      />
    </div>
  )
}

function SelectionBar() {
  const { selected } = useSnapshot(snippetsState)
  if (selected.length === 0) return null
  return (
    <div className="snip-selection" role="status">
      <span>{selected.length} selected</span>
      <Button size="sm" variant="danger" icon={<Trash2 size={13} />} onClick={() => press('sql.snippet.delete', { ids: [...selected] })}>
        Delete
      </Button>
      <IconButton size="sm" label="Clear selection" icon={<X size={14} />} onClick={clearSelection} />
    </div>
  )
}

interface SectionsProps {
  projectRef: string
  snippets: readonly Snippet[]
  openId: string | undefined
  userId: number | undefined
}

function Sections({ projectRef, snippets, openId, userId }: SectionsProps) {
  const { search, selected, renaming } = useSnapshot(snippetsState)
  const listRef = useRef<HTMLDivElement>(null)
  /** where a Shift-click range starts */
  const anchor = useRef<string | null>(null)
  const sections = snippetSections(snippets, search)
  const order = [...sections.favorites, ...sections.shared, ...sections.private]
  const searching = search.trim() !== ''

  function onSelectClick(event: MouseEvent, id: string): boolean {
    if (event.shiftKey && anchor.current) {
      const ids = order.map((s) => s.id)
      const [from, to] = [ids.indexOf(anchor.current), ids.indexOf(id)].sort((a, b) => a - b)
      if (from !== undefined && to !== undefined && from >= 0) setSelected(ids.slice(from, to + 1))
      return true
    }
    anchor.current = id
    if (event.metaKey || event.ctrlKey) {
      toggleSelected(id)
      return true
    }
    return false
  }

  function focusRow(index: number) {
    const id = order[index]?.id
    if (id) listRef.current?.querySelector<HTMLElement>(`[data-snippet-id="${id}"]`)?.focus()
  }

  function onRowKey(event: KeyboardEvent, id: string) {
    const index = order.findIndex((s) => s.id === id)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1))
    } else if (event.key === ' ') {
      event.preventDefault()
      anchor.current = id
      toggleSelected(id)
    } else if (event.key === 'Delete') {
      event.preventDefault()
      press('sql.snippet.delete', { ids: selected.length ? [...selected] : [id] })
    }
  }

  if (searching && order.length === 0) {
    return <EmptyState className="snip-empty" title={MSG.noResults} description={MSG.noMatch} />
  }

  const rows = (list: Snippet[]) =>
    list.map((s) => (
      <li key={s.id}>
        <SnippetRow
          projectRef={projectRef}
          snippet={s}
          own={userId === undefined || isOwnSnippet(s, userId)}
          open={s.id === openId}
          selected={selected.includes(s.id)}
          renaming={renaming === s.id}
          onSelectClick={onSelectClick}
          onRowKey={onRowKey}
        />
      </li>
    ))

  return (
    <div ref={listRef} className="snip-sections">
      {sections.favorites.length > 0 && <Section title="Favorites" empty={null}>{rows(sections.favorites)}</Section>}
      {(!searching || sections.shared.length > 0) && (
        <Section title="Shared" empty={MSG.noProjectQueries}>
          {rows(sections.shared)}
        </Section>
      )}
      {(!searching || sections.private.length > 0) && (
        <Section title="Private" empty={<PrivateEmpty />}>
          {rows(sections.private)}
        </Section>
      )}
    </div>
  )
}

function PrivateEmpty() {
  const { overrides } = useSnapshot(keymap)
  const binding = bindingFor('sql.snippet.new', overrides)
  return (
    <>
      No private queries yet{binding && <> · <Kbd binding={binding} /> for a new one</>}
    </>
  )
}

function Section({ title, empty, children }: { title: string; empty: ReactNode; children: ReactNode[] }) {
  return (
    <section className="snip-section" aria-label={title}>
      <h3 className="snip-section__title">
        {title}
        {children.length > 0 && <span className="snip-section__count">{children.length}</span>}
      </h3>
      {children.length > 0 ? <ul className="snip-section__list">{children}</ul> : <p className="snip-section__empty">{empty}</p>}
    </section>
  )
}
