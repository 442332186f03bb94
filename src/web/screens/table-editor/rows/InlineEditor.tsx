import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Maximize2 } from 'lucide-react'
import type { Column } from '../../../../shared/api'
import { enlargeEditor, startText, stopEditing, takeTyped, type EditingCell } from '../../../model/table-editor/row-edit'
import { datetimePlaceholder, editText } from '../../../model/table-editor/rows/cell-values'
import { saveCell } from './save-cell'

interface InlineEditorProps {
  column: Column
  editing: Readonly<EditingCell>
}

/**
 * Text, numbers, dates and times typed in the cell itself. Enter (or leaving the cell) saves, Escape
 * cancels, Shift+Enter or the button opens the larger editor with what was typed. A value the column
 * does not take keeps the editor open with the text and says why; one the database refuses opens it
 * again the same way (grid.cell.update).
 */
export function InlineEditor({ column, editing }: InlineEditorProps) {
  const initial = editText(column, editing.value)
  const [text, setText] = useState(() => startText(editing, initial))
  const [error, setError] = useState<string | null>(editing.refusal ?? null)
  const errorId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  /** set once the editor is on its way out, so the blur that follows does not save twice */
  const leaving = useRef(false)

  // the editor has the keyboard now: the keys typed before it opened are in its text, caret at the end
  useLayoutEffect(() => {
    takeTyped()
    const input = inputRef.current
    input?.setSelectionRange(input.value.length, input.value.length)
  }, [])

  async function finish(save: boolean) {
    if (leaving.current) return
    leaving.current = true
    if (!save || text === initial) return stopEditing()
    const refused = await saveCell(editing, text)
    if (refused === null) return
    leaving.current = false
    setError(refused)
  }

  function enlarge() {
    leaving.current = true
    enlargeEditor(text)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && event.shiftKey) enlarge()
    else if (event.key === 'Enter') void finish(true)
    else if (event.key === 'Escape') void finish(false)
    else return
    event.preventDefault()
  }

  return (
    <div className="rows-inline">
      <input
        ref={inputRef}
        autoFocus
        className="rows-inline__input"
        aria-label={`Edit ${column.name}`}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        value={text}
        placeholder={datetimePlaceholder(column) ?? (editing.value === null ? 'NULL' : undefined)}
        onChange={(e) => {
          setText(e.target.value)
          setError(null)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void finish(true)}
      />
      <button
        type="button"
        className="rows-inline__expand"
        aria-label="Open the larger editor (Shift+Enter)"
        title="Open the larger editor (Shift+Enter)"
        onMouseDown={(e) => e.preventDefault()}
        onClick={enlarge}
      >
        <Maximize2 size={12} />
      </button>
      {error !== null && (
        <p id={errorId} className="rows-inline__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
