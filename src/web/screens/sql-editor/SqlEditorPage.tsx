/**
 * /sql/{id} and /sql/new: the snippet's SQL above, the results of running it below. The text shown is
 * the newer of the draft typed here and the saved snippet; what is typed goes to the drafts store,
 * which the snippets' autosave saves from ('new' becomes a snippet there).
 */
import { useLayoutEffect, useState, type CSSProperties } from 'react'
import { useParams } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { ListTree, OctagonX, Play, Sparkles } from 'lucide-react'
import { CONTENT_NOT_FOUND, type Snippet } from '../../../shared/content'
import { useApi } from '../../commands-context'
import { press } from '../../commands-run'
import { bindingFor, keymap } from '../../model/app/keys/keymap'
import { sqlDrafts, type Draft } from '../../model/sql-editor/sql-drafts'
import { isReadOnlySnippet, snippetsState } from '../../model/sql-editor/snippets'
import { openSnippet, sqlEditor } from '../../model/sql-editor/sql-editor'
import { Alert, Badge, Button, EmptyState, Kbd, Spinner, Tooltip } from '../../ui'
import { SqlEditor } from './editor/SqlEditor'
import { LimitMenu } from './results/LimitMenu'
import { ResultsPanel } from './results/ResultsPanel'
import { RoleMenu } from './RoleMenu'
import { SplitHandle } from './SplitHandle'
import { profileQuery, snippetsQuery } from '../../model/sql-editor/snippets/snippet-queries'

/** The draft when it was typed after the snippet was last saved. */
function startingText(draft: Draft | undefined, snippet: Snippet | undefined): string {
  if (draft && (!snippet || draft.at >= Date.parse(snippet.updated_at))) return draft.sql
  return snippet?.content.sql ?? ''
}

export function SqlEditorPage() {
  const { ref = '', id = 'new' } = useParams({ strict: false })
  const api = useApi()
  const snippets = useQuery({ ...snippetsQuery(api, ref), enabled: id !== 'new' })
  const profile = useQuery(profileQuery(api))
  const snap = useSnapshot(sqlEditor)
  const { newQueryName } = useSnapshot(snippetsState)
  const [resultsHeight, setResultsHeight] = useState<number | null>(null)
  const snippet = snippets.data?.find((s) => s.id === id)
  const ready = id === 'new' || snippets.isSuccess
  const readOnly = snippet !== undefined && profile.data !== undefined && isReadOnlySnippet(snippet, profile.data.id)

  useLayoutEffect(() => {
    if (ready && (id === 'new' || snippet)) openSnippet(id, startingText(sqlDrafts[id], snippet))
    // only when another snippet opens (or its list arrives): later saves must not reset the editor
  }, [id, ready, Boolean(snippet)])

  if (snippets.isError) {
    return (
      <div className="sql-page sql-page--padded">
        <Alert type="destructive" title="Failed to load the query">
          {snippets.error.message}
        </Alert>
      </div>
    )
  }
  if (!ready) {
    return (
      <div className="sql-page sql-results--center">
        <Spinner label="Loading query" />
      </div>
    )
  }
  if (id !== 'new' && !snippet) return <EmptyState title={CONTENT_NOT_FOUND} description="This query was deleted, or is not shared with you." />

  return (
    <div className="sql-page" style={resultsHeight === null ? undefined : ({ '--sql-results-height': `${resultsHeight}px` } as CSSProperties)}>
      <Toolbar title={snippet?.name ?? newQueryName ?? 'New query'} sharedBy={readOnly ? snippet?.owner.username : undefined} />
      <div className="sql-page__editor">{snap.snippetId === id && <SqlEditor projectRef={ref} readOnly={readOnly} />}</div>
      <SplitHandle height={resultsHeight} onChange={setResultsHeight} />
      <ResultsPanel />
    </div>
  )
}

/** The query's name (and whose it is when it is read-only here), then role, row limit, Format, Explain and Run. */
function Toolbar({ title, sharedBy }: { title: string; sharedBy: string | undefined }) {
  const { overrides } = useSnapshot(keymap)
  const { runId, selection } = useSnapshot(sqlEditor)
  const hasSelection = selection.from < selection.to
  return (
    <div className="sql-toolbar">
      <h1 className="sql-toolbar__title">{title}</h1>
      {sharedBy !== undefined && <Badge>Shared by {sharedBy} · read-only</Badge>}
      <span className="sql-toolbar__spacer" />
      <RoleMenu />
      <LimitMenu />
      <Tooltip content="Format SQL" binding={bindingFor('sql.format', overrides)}>
        <Button size="sm" variant="ghost" icon={<Sparkles size={14} />} onClick={() => press('sql.format')}>
          Format
        </Button>
      </Tooltip>
      <Tooltip content="EXPLAIN ANALYZE the statement at the cursor (rolled back)" binding={bindingFor('sql.explain', overrides)}>
        <Button size="sm" variant="ghost" icon={<ListTree size={14} />} disabled={runId !== null} onClick={() => press('sql.explain')}>
          Explain
        </Button>
      </Tooltip>
      {runId ? (
        <Button size="sm" variant="danger" icon={<OctagonX size={14} />} onClick={() => press('sql.cancel')}>
          Cancel
          <Kbd binding={bindingFor('sql.cancel', overrides)} className="sql-toolbar__kbd" />
        </Button>
      ) : (
        <Button size="sm" variant="primary" icon={<Play size={14} />} onClick={() => press('sql.run')}>
          {hasSelection ? 'Run selected' : 'Run'}
          <Kbd binding={bindingFor('sql.run', overrides)} className="sql-toolbar__kbd" />
        </Button>
      )}
    </div>
  )
}
