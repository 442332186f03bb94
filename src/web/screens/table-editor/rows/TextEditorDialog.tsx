import { useId, useLayoutEffect, useState, type KeyboardEvent } from 'react'
import type { Column } from '../../../../shared/api'
import { Button, Dialog, Field, Kbd, Textarea } from '../../../ui'
import { startText, stopEditing, takeTyped, type EditingCell } from '../../../model/table-editor/row-edit'
import { editText, editorKind, toCellValue } from '../../../model/table-editor/rows/cell-values'
import { saveCell } from './save-cell'

interface TextEditorDialogProps {
  column: Column
  editing: Readonly<EditingCell>
}

const SAVE_KEYS = '$mod+Enter'

/** The larger editor: long text, JSON and arrays. ⌘Enter saves, Escape cancels; JSON is checked before saving. */
export function TextEditorDialog({ column, editing }: TextEditorDialogProps) {
  const id = useId()
  const kind = editorKind(column)
  const initial = editText(column, editing.value, true)
  const [text, setText] = useState(() => startText(editing, initial))
  const [error, setError] = useState<string | undefined>(editing.refusal)
  const [saving, setSaving] = useState(false)
  useLayoutEffect(() => void takeTyped(), [])

  /** A refusal keeps the dialog open with the text, and says why. */
  async function save(value: unknown) {
    setSaving(true)
    const refused = await saveCell(editing, value)
    if (refused === null) return
    setSaving(false)
    setError(refused)
  }

  function submit() {
    if (text === initial) return stopEditing()
    try {
      toCellValue(column, text)
    } catch (e) {
      return setError((e as Error).message)
    }
    void save(text)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault()
      submit()
    }
  }

  const what = kind === 'json' ? 'JSON' : kind === 'array' ? 'array (JSON)' : 'text'
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && stopEditing()}
      size="large"
      title={
        <>
          Edit {column.name} <span className="rows-muted">{column.format}</span>
        </>
      }
      footer={
        <>
          <span className="rows-dialog-hint">
            <Kbd binding={SAVE_KEYS} /> saves · <Kbd binding="Escape" /> cancels
          </span>
          {column.is_nullable && (
            <Button variant="ghost" onClick={() => void save(null)} disabled={saving || editing.value === null}>
              Set to NULL
            </Button>
          )}
          <Button onClick={() => stopEditing()}>Cancel</Button>
          <Button variant="primary" loading={saving} onClick={submit}>
            Save
          </Button>
        </>
      }
    >
      <Field label={`Value (${what})`} htmlFor={id} error={error} hint={kind === 'json' || kind === 'array' ? 'Empty means NULL.' : undefined}>
        <Textarea
          id={id}
          className="rows-dialog-text"
          value={text}
          placeholder={editing.value === null ? 'NULL' : undefined}
          spellCheck={kind === 'text'}
          invalid={error !== undefined}
          onChange={(e) => {
            setText(e.target.value)
            setError(undefined)
          }}
          onKeyDown={onKeyDown}
        />
      </Field>
    </Dialog>
  )
}
