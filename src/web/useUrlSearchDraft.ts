import { useEffect, useState } from 'react'
import { useDebouncedValue } from './screens/table-editor/useDebouncedValue'

/**
 * A search box kept in the URL (?search=): the draft typed settles, after `ms`, into `commit` (the page's
 * search command, which writes the URL); a change of the URL made elsewhere replaces the draft. `search`
 * is the URL's, trimmed. Returns the draft and its setter.
 */
export function useUrlSearchDraft(search: string, commit: (text: string) => void, ms: number): [string, (text: string) => void] {
  const [draft, setDraft] = useState(search)
  const settled = useDebouncedValue(draft, ms)
  useEffect(() => {
    if (settled.trim() !== search) commit(settled)
  }, [settled]) // only a settled draft moves the URL
  useEffect(() => {
    if (search !== draft.trim()) setDraft(search)
  }, [search]) // only an outside change of the URL moves the draft
  return [draft, setDraft]
}
