/**
 * Autosave: what is typed into the open snippet (the drafts store) is saved through 'sql.snippet.save'
 * a second after typing stops, and at once when another snippet opens or the editor is left. Drafts live
 * in local storage until saved, so a reload loses nothing; on opening, a draft older than the server's
 * copy is dropped (the server's copy is newer), a newer one is saved.
 */
import { useCallback, useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { Snippet } from '../../../../shared/content'
import { MSG } from '../../../../shared/messages'
import { clearDraft, sqlDrafts } from '../../../model/sql-editor/sql-drafts'
import { NEW_SNIPPET_ID, isReadOnlySnippet, setAutosave } from '../../../model/sql-editor/snippets'
import { toast } from '../../../model/app/toasts'

const AUTOSAVE_DEBOUNCE_MS = 1000

interface AutosaveOptions {
  /** the draft key of what is open: a snippet id, NEW_SNIPPET_ID, or undefined (templates) */
  draftKey: string | undefined
  snippets: readonly Snippet[] | undefined
  userId: number | undefined
  canCreate: boolean
}

async function save(key: string): Promise<void> {
  setAutosave('saving')
  try {
    await run('sql.snippet.save', { id: key }, 'button')
    setAutosave('saved')
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    setAutosave('error', message)
    toast.error(message)
  }
}

export function useSnippetAutosave({ draftKey, snippets, userId, canCreate }: AutosaveOptions): void {
  const drafts = useSnapshot(sqlDrafts)
  const draftAt = draftKey === undefined ? undefined : drafts[draftKey]?.at
  const pending = useRef<{ key: string; timer: ReturnType<typeof setTimeout> } | null>(null)
  /** snippets whose draft was compared with the server's copy since they were opened */
  const checked = useRef(new Set<string>())

  const flush = useCallback(() => {
    const p = pending.current
    if (!p) return
    clearTimeout(p.timer)
    pending.current = null
    void save(p.key)
  }, [])

  // another snippet opens, or the list goes: save what is waiting now
  useEffect(() => flush, [draftKey, flush])

  const listed = snippets !== undefined
  useEffect(() => {
    if (draftKey === undefined || draftAt === undefined) return
    if (draftKey === NEW_SNIPPET_ID) {
      if (!canCreate) return setAutosave('error', MSG.snippetNoPermission)
    } else {
      const snippet = snippets?.find((s) => s.id === draftKey)
      if (!snippet) return
      if (userId !== undefined && isReadOnlySnippet(snippet, userId)) return
      if (!checked.current.has(draftKey)) {
        checked.current.add(draftKey)
        if (draftAt < Date.parse(snippet.updated_at)) return clearDraft(draftKey)
      }
    }
    if (pending.current) clearTimeout(pending.current.timer)
    pending.current = { key: draftKey, timer: setTimeout(flush, AUTOSAVE_DEBOUNCE_MS) }
    // the list's later refetches (after each save) must not restart the wait
  }, [draftKey, draftAt, listed, userId, canCreate, flush])
}
