import { useSnapshot } from 'valtio'
import { AlertCircle, Check } from 'lucide-react'
import { snippetsState } from '../../../model/sql-editor/snippets'
import { Spinner } from '../../../ui'

/** The foot of the list: 'Saving…' while autosave writes, 'Saved' after, or why it could not save. */
export function AutosaveStatus() {
  const { state, message } = useSnapshot(snippetsState).autosave
  if (state === 'idle') return null
  return (
    <div className={`snip-status snip-status--${state}`} role="status">
      {state === 'saving' && (
        <>
          <Spinner /> Saving…
        </>
      )}
      {state === 'saved' && (
        <>
          <Check size={13} aria-hidden /> Saved
        </>
      )}
      {state === 'error' && (
        <>
          <AlertCircle size={13} aria-hidden /> <span className="snip-status__message">{message}</span>
        </>
      )}
    </div>
  )
}
