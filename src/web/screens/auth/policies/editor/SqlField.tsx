/**
 * A small CodeMirror SQL field (USING, WITH CHECK, the review's statement): PostgreSQL highlighting,
 * completion of the table's columns, ⌘Enter for the editor's next step. Tab leaves the field, so the
 * form keeps its tab order.
 */
import { useEffect, useRef } from 'react'
import { Compartment, EditorState, Prec } from '@codemirror/state'
import { EditorView, drawSelection, keymap, placeholder as placeholderText } from '@codemirror/view'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { bracketMatching } from '@codemirror/language'
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { editorLook } from '../../../sql-editor/editor/highlight'

interface SqlFieldProps {
  id: string
  label: string
  value: string
  onChange?: (text: string) => void
  /** the table's columns complete bare */
  table?: string
  columns?: readonly { name: string; format: string }[]
  readOnly?: boolean
  placeholder?: string
  invalid?: boolean
  /** ⌘Enter / Ctrl+Enter */
  onSubmit?: () => void
  /** a new revision replaces the text with `value` */
  revision?: number
}

function language(table: string | undefined, columns: SqlFieldProps['columns']) {
  if (!table || !columns) return sql({ dialect: PostgreSQL })
  const list = columns.map((c) => ({ label: c.name, type: 'property', detail: c.format }))
  return sql({ dialect: PostgreSQL, schema: { [table]: list }, defaultTable: table })
}

export function SqlField({ id, label, value, onChange, table, columns, readOnly = false, placeholder, invalid, onSubmit, revision }: SqlFieldProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const lang = useRef(new Compartment())
  const handlers = useRef({ onChange, onSubmit })
  handlers.current = { onChange, onSubmit }

  useEffect(() => {
    if (!host.current) return
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => (handlers.current.onSubmit?.(), true) }])),
          history(),
          drawSelection(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
          lang.current.of(language(table, columns)),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.lineWrapping,
          editorLook,
          placeholderText(placeholder ?? ''),
          EditorView.contentAttributes.of({ 'aria-label': label, id, ...(readOnly ? { tabindex: '0' } : {}) }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) handlers.current.onChange?.(u.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
    // the editor is made once; text from outside comes with a new revision
  }, [])

  useEffect(() => {
    const editor = view.current
    if (!editor) return
    const doc = editor.state.doc.toString()
    if (doc !== value) editor.dispatch({ changes: { from: 0, to: doc.length, insert: value } })
  }, [revision, readOnly ? value : null])

  useEffect(() => {
    view.current?.dispatch({ effects: lang.current.reconfigure(language(table, columns)) })
  }, [table, columns])

  return <div ref={host} className={`pol-sql${readOnly ? ' pol-sql--readonly' : ''}`} aria-invalid={invalid || undefined} />
}
