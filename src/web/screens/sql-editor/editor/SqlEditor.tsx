/**
 * The SQL text editor (CodeMirror 6): PostgreSQL highlighting and completion of the project's schemas,
 * tables, columns and functions, line numbers, find (⌘F), the SQL commands' key bindings, and the place
 * of the last error marked. Its text and selection go to the sql-editor store; a command's new text
 * (formatting) comes back from it.
 */
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { subscribe, useSnapshot } from 'valtio'
import { Compartment, EditorSelection, EditorState } from '@codemirror/state'
import {
  EditorView, crosshairCursor, drawSelection, dropCursor, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, keymap, lineNumbers, placeholder, rectangularSelection,
} from '@codemirror/view'
import { history } from '@codemirror/commands'
import { bracketMatching, indentOnInput } from '@codemirror/language'
import { autocompletion, closeBrackets } from '@codemirror/autocomplete'
import { highlightSelectionMatches, search } from '@codemirror/search'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { useApi } from '../../../commands-context'
import { effectiveKeymap, keymap as userKeymap } from '../../../model/app/keys/keymap'
import { setEditorSelection, setEditorText, sqlEditor } from '../../../model/sql-editor/sql-editor'
import { completionFunctionsQuery, completionTablesQuery, functionSource, tableNamespace } from './completion'
import { errorMark, setErrorMark } from './error-mark'
import { editorLook } from './highlight'
import { EDITOR_KEYMAP, editorKeys } from './keys'

interface SqlEditorProps {
  projectRef: string
  /** another member's shared snippet: it runs, but only its owner changes it */
  readOnly: boolean
}

/** The editor starts anew when the store opens another text (its session). */
export function SqlEditor({ projectRef, readOnly }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const compartments = useRef({ language: new Compartment(), keys: new Compartment(), readOnly: new Compartment() })
  const api = useApi()
  const tables = useQuery(completionTablesQuery(api, projectRef))
  const functions = useQuery(completionFunctionsQuery(api, projectRef))
  const { overrides } = useSnapshot(userKeymap)
  const { session } = useSnapshot(sqlEditor)

  useEffect(() => {
    if (!host.current) return
    const c = compartments.current
    // the cursor stays where it was when the page comes back (a new query just saved opens as its snippet)
    const end = sqlEditor.text.length
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: sqlEditor.text,
        selection: EditorSelection.single(Math.min(sqlEditor.selection.from, end), Math.min(sqlEditor.selection.to, end)),
        extensions: [
          c.keys.of([]),
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          dropCursor(),
          EditorState.allowMultipleSelections.of(true),
          indentOnInput(),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          rectangularSelection(),
          crosshairCursor(),
          highlightActiveLine(),
          highlightSelectionMatches(),
          search({ top: true }),
          keymap.of(EDITOR_KEYMAP),
          c.language.of(sql({ dialect: PostgreSQL })),
          c.readOnly.of(EditorState.readOnly.of(readOnly)),
          errorMark,
          editorLook,
          placeholder('Type SQL here, then run it with the Run button or its keys'),
          EditorView.contentAttributes.of({ 'aria-label': 'SQL editor' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) setEditorText(update.state.doc.toString())
            if (update.selectionSet || update.docChanged) {
              const { from, to } = update.state.selection.main
              setEditorSelection(from, to)
            }
          }),
        ],
      }),
    })
    view.current = editor
    // A new editor takes the focus, unless the user is in the results: the editor is made again when a first
    // autosave moves /sql/new to the snippet's own URL, which must not pull them out of the grid.
    if (!document.activeElement?.closest('.sql-results')) editor.focus()

    // a command's new text, and the place of an error, come from the store
    const showError = () => {
      const from = sqlEditor.error?.at?.from
      editor.dispatch({
        effects: [setErrorMark.of(from ?? null), EditorView.scrollIntoView(from ?? editor.state.selection.main.head, { y: 'nearest' })],
      })
    }
    showError()
    let revision = sqlEditor.revision
    let error = sqlEditor.error
    const unsubscribe = subscribe(sqlEditor, () => {
      if (sqlEditor.revision !== revision) {
        revision = sqlEditor.revision
        const doc = editor.state.doc.toString()
        if (doc !== sqlEditor.text) editor.dispatch({ changes: { from: 0, to: doc.length, insert: sqlEditor.text } })
      }
      if (sqlEditor.error !== error) {
        error = sqlEditor.error
        showError()
      }
    })
    return () => {
      unsubscribe()
      editor.destroy()
      view.current = null
    }
  }, [session])

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.keys.reconfigure(editorKeys(effectiveKeymap(overrides))) })
  }, [overrides, session])

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.readOnly.reconfigure(EditorState.readOnly.of(readOnly)) })
  }, [readOnly, session])

  useEffect(() => {
    const language = sql({ dialect: PostgreSQL, schema: tableNamespace(tables.data ?? []), defaultSchema: 'public' })
    const extra = functions.data ? [language, PostgreSQL.language.data.of({ autocomplete: functionSource(functions.data) })] : language
    view.current?.dispatch({ effects: compartments.current.language.reconfigure(extra) })
  }, [tables.data, functions.data, session])

  return <div ref={host} className="sql-editor__code" />
}
