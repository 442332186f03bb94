import { useRef, useState, type KeyboardEvent } from 'react'
import { Maximize2 } from 'lucide-react'
import type { Column } from '../../../../shared/api'
import { enlargeEditor, stopEditing, type EditingCell } from '../../../model/table-editor/row-edit'
import { datetimePlaceholder, editText } from '../../../model/table-editor/rows/cell-values'
import { saveCell } from './save-cell'

interface InlineEditorProps {
  column: Column
  editing: Readonly<EditingCell>
}

/**
 * Text, numbers, dates and times typed in the cell itself. Enter (or leaving the cell) saves, Escape
 * cancels, Shift+Enter or the button opens the larger editor with what was typed.
 */
export function InlineEditor({ column, editing }: InlineEditorProps) {
  const initial = editText(column, editing.value)
  const [text, setText] = useState(initial)
  /** set once the editor is on its way out, so the blur that follows does not save twice */
  const leaving = useRef(false)

  async function finish(save: boolean) {
    if (leaving.current) return
    leaving.current = true
    if (!save || text === initial) stopEditing()
    else if (!(await saveCell(editing, text))) leaving.current = false
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
        autoFocus
        className="rows-inline__input"
        aria-label={`Edit ${column.name}`}
        value={text}
        placeholder={datetimePlaceholder(column) ?? (editing.value === null ? 'NULL' : undefined)}
        onChange={(e) => setText(e.target.value)}
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
    </div>
  )
}
