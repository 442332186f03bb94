/**
 * The snippet list's UI state (issue 4): the search text, the snippets selected for a multi-delete, the
 * one being renamed in place, and the autosave status. Beside it, the pure rules the list and the
 * commands share: search matching, sections and their order, the hover preview, ownership.
 */
import { proxy } from 'valtio'
import type { Snippet } from '../../../shared/content'

/** Spec 9: the hover preview shows the first 43 characters of the query. */
export const SNIPPET_PREVIEW_LENGTH = 43

/** The draft key of /sql/new (the editor's snippet id there): its first save creates the snippet. */
export const NEW_SNIPPET_ID = 'new'

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'error'

export const snippetsState = proxy({
  search: '',
  /** ids picked for a multi-delete (⌘/Ctrl-click or Shift-click in the list) */
  selected: [] as string[],
  /** the snippet whose name is being edited in the list */
  renaming: null as string | null,
  autosave: { state: 'idle' as AutosaveState, message: '' },
  /** the name given to 'New query' with no SQL yet: the first save of /sql/new takes it */
  newQueryName: null as string | null,
})

export function setSnippetSearch(search: string): void {
  snippetsState.search = search
}

export function toggleSelected(id: string): void {
  const s = snippetsState.selected
  snippetsState.selected = s.includes(id) ? s.filter((x) => x !== id) : [...s, id]
}

export function setSelected(ids: string[]): void {
  snippetsState.selected = ids
}

export function clearSelection(): void {
  snippetsState.selected = []
}

export function startRename(id: string): void {
  snippetsState.renaming = id
}

export function stopRename(): void {
  snippetsState.renaming = null
}

export function setAutosave(state: AutosaveState, message = ''): void {
  snippetsState.autosave = { state, message }
}

/** Spec 5: the term is trimmed and matched case-insensitively on the name; an empty term matches all. */
export function matchesSearch(name: string, term: string): boolean {
  const t = term.trim().toLowerCase()
  return t === '' || name.toLowerCase().includes(t)
}

/** The hover preview: the first 43 characters, with an ellipsis when there is more; '' for an empty query. */
export function snippetPreview(sql: string): string {
  const text = sql.trim()
  return text.length > SNIPPET_PREVIEW_LENGTH ? `${text.slice(0, SNIPPET_PREVIEW_LENGTH)}…` : text
}

export function isOwnSnippet(snippet: Snippet, userId: number): boolean {
  return snippet.owner_id === userId
}

/** Another member's shared snippet: it can be run and duplicated, not changed. */
export function isReadOnlySnippet(snippet: Snippet, userId: number): boolean {
  return !isOwnSnippet(snippet, userId)
}

export interface SnippetSections {
  favorites: Snippet[]
  shared: Snippet[]
  private: Snippet[]
}

const byName = (a: Snippet, b: Snippet) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)

export function setNewQueryName(name: string | null): void {
  snippetsState.newQueryName = name
}

/**
 * Favorites first, then shared ('project'), then private ('user'), each by name. Favorites is a shortcut:
 * a favorite is listed there and in its own section too, so Shared and Private always list all of theirs.
 */
export function snippetSections(snippets: readonly Snippet[], term = ''): SnippetSections {
  const found = snippets.filter((s) => matchesSearch(s.name, term)).sort(byName)
  return {
    favorites: found.filter((s) => s.content.favorite),
    shared: found.filter((s) => s.visibility === 'project'),
    private: found.filter((s) => s.visibility === 'user'),
  }
}

/** The list's order, top to bottom, each snippet once (after a delete, 'the first remaining' is the first of these). */
export function orderedSnippets(snippets: readonly Snippet[]): Snippet[] {
  const s = snippetSections(snippets)
  return [...new Set([...s.favorites, ...s.shared, ...s.private])]
}
