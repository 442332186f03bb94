/**
 * The explorer's SQL editor (CodeMirror 6, the SQL editor's look and keys): PostgreSQL highlighting with
 * completion of the source views and their columns; ⌘/Ctrl+Enter runs the query. Its text lives in the store.
 */
import { useEffect, useRef } from 'react'
import { subscribe } from 'valtio'
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers, placeholder } from '@codemirror/view'
import { history } from '@codemirror/commands'
import { bracketMatching } from '@codemirror/language'
import { autocompletion, closeBrackets } from '@codemirror/autocomplete'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { LOG_VIEWS } from '../../../../shared/logs'
import { commandKeys } from '../../../keys/editor-keys'
import { LOGS_EXPLORER_EDITOR_KEYS, logsExplorer, setExplorerSql } from '../../../model/logs/explorer/explorer-state'
import { editorLook } from '../../sql-editor/editor/highlight'
import { EDITOR_KEYMAP } from '../../sql-editor/editor/keys'

const VIEW_COLUMNS = ['id', 'timestamp', 'event_message', 'metadata']
const schema = Object.fromEntries(Object.values(LOG_VIEWS).map((v) => [v, VIEW_COLUMNS]))

export function ExplorerEditor() {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!host.current) return
    const editor = new EditorView({
      parent: host.current,
      doc: logsExplorer.sql,
      extensions: [
        commandKeys(LOGS_EXPLORER_EDITOR_KEYS),
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        closeBrackets(),
        autocompletion(),
        keymap.of(EDITOR_KEYMAP),
        sql({ dialect: PostgreSQL, schema }),
        editorLook,
        placeholder('select timestamp, event_message from edge_logs order by timestamp desc'),
        EditorView.contentAttributes.of({ 'aria-label': 'Logs query' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) setExplorerSql(u.state.doc.toString())
        }),
      ],
    })
    editor.focus()
    // a template, a recent query or a link replaces the text
    let revision = logsExplorer.revision
    const unsubscribe = subscribe(logsExplorer, () => {
      if (logsExplorer.revision === revision) return
      revision = logsExplorer.revision
      const doc = editor.state.doc.toString()
      if (doc !== logsExplorer.sql) editor.dispatch({ changes: { from: 0, to: doc.length, insert: logsExplorer.sql }, selection: { anchor: 0 } })
    })
    return () => {
      unsubscribe()
      editor.destroy()
    }
  }, [])
  return <div ref={host} className="logs-explorer__code" />
}
