import { useLocation } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { LayoutTemplate, Plus, Rocket, Search, Trash2, X } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { isGranted } from '../../../../shared/permissions'
import { matchPath } from '../../../../shared/routes'
import { useApi, useIsPlatform } from '../../../commands-context'
import { press } from '../../../commands-run'
import { permissionsQuery } from '../../../model/project/project-queries'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { NEW_SNIPPET_ID, clearSelection, setSnippetSearch, snippetsState } from '../../../model/sql-editor/snippets'
import { Alert, Button, IconButton, Input, Spinner, Tooltip } from '../../../ui'
import { AutosaveStatus } from './AutosaveStatus'
import { SnippetSections } from './SnippetSections'
import { profileQuery, snippetsQuery } from '../../../model/sql-editor/snippets/snippet-queries'
import { useSnippetAutosave } from './useSnippetAutosave'
import './snippets.css'

/**
 * The SQL editor's left column: new query, templates and quickstarts, search, the snippets in Favorites,
 * Shared and Private sections, the selection for a multi-delete, and the autosave status. It also runs
 * the autosave of the open snippet.
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
        <SnippetSections projectRef={ref} snippets={snippets.data} openId={openId} userId={userId} />
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
