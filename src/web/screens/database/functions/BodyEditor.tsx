/**
 * The function body's editor: the SQL editor's CodeMirror setup (PostgreSQL highlighting, its look and
 * keys), with the function form's save key running its command inside the editor too. Tab leaves it.
 */
import { useEffect, useRef } from 'react'
import { EditorState } from '@codemirror/state'
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view'
import { history } from '@codemirror/commands'
import { bracketMatching, indentOnInput } from '@codemirror/language'
import { closeBrackets } from '@codemirror/autocomplete'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { commandKeys } from '../../../keys/editor-keys'
import { editorLook } from '../../sql-editor/editor/highlight'
import { EDITOR_KEYMAP } from '../../sql-editor/editor/keys'

interface BodyEditorProps {
  id: string
  value: string
  onChange: (text: string) => void
  /** [command id, keys] the editor hands to their commands before its own keys */
  bindings: readonly (readonly [string, string])[]
  invalid?: boolean
}

export function BodyEditor({ id, value, onChange, bindings, invalid }: BodyEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const change = useRef(onChange)
  change.current = onChange

  useEffect(() => {
    if (!host.current) return
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          commandKeys(bindings),
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          highlightActiveLine(),
          keymap.of(EDITOR_KEYMAP),
          sql({ dialect: PostgreSQL }),
          editorLook,
          EditorView.contentAttributes.of({ 'aria-label': 'Function body', id }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) change.current(update.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [bindings]) // the text is the editor's own once it starts

  // a new value from outside (the form reset) replaces the text
  useEffect(() => {
    const editor = view.current
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
    }
  }, [value])

  return <div ref={host} className="fn-body-editor" aria-invalid={invalid || undefined} />
}
