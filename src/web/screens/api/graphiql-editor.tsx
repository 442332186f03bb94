/**
 * GraphiQL's two editors (CodeMirror 6): the query, with GraphQL highlighting, completion and checking
 * from the introspected schema (cm6-graphql), and the variables (JSON). Both take GraphiQL's keys
 * (⌘/Ctrl+Enter runs, ⌘/Ctrl+Shift+P prettifies) before CodeMirror's own; their text lives in the store.
 */
import { useEffect, useRef } from 'react'
import { subscribe } from 'valtio'
import { EditorView, keymap, lineNumbers, placeholder, highlightActiveLine, drawSelection } from '@codemirror/view'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import { graphql, updateSchema } from 'cm6-graphql'
import type { GraphQLSchema } from 'graphql'
import { commandKeys } from '../../keys/editor-keys'
import { GRAPHIQL_EDITOR_KEYS, graphiql, setGraphiqlQuery, setGraphiqlVariables } from '../../model/api/graphiql'

const look = [
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.definitionKeyword], color: 'var(--sql-code-keyword)' },
      { tag: [tags.typeName, tags.className], color: 'var(--sql-code-type)' },
      { tag: [tags.propertyName, tags.attributeName], color: 'var(--text)' },
      { tag: [tags.variableName, tags.special(tags.variableName)], color: 'var(--sql-code-number)' },
      { tag: [tags.string, tags.special(tags.string)], color: 'var(--sql-code-string)' },
      { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--sql-code-number)' },
      { tag: [tags.comment, tags.lineComment], color: 'var(--text-faint)', fontStyle: 'italic' },
      { tag: [tags.punctuation, tags.brace, tags.paren, tags.squareBracket], color: 'var(--text-muted)' },
    ]),
  ),
  EditorView.theme({
    '&': { height: '100%', fontSize: 'var(--text-sm)', backgroundColor: 'var(--bg)', color: 'var(--text)' },
    '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6' },
    '.cm-content': { caretColor: 'var(--text)' },
    '.cm-cursor': { borderLeftColor: 'var(--text)' },
    '.cm-gutters': { backgroundColor: 'var(--bg)', color: 'var(--text-faint)', border: 'none' },
    '.cm-activeLine': { backgroundColor: 'var(--bg-subtle)' },
    '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground': { backgroundColor: 'var(--sql-selection)' },
    '.cm-tooltip': { backgroundColor: 'var(--bg-elevated)', border: '1px solid var(--border)', borderRadius: 'var(--radius)', boxShadow: 'var(--shadow-md)' },
    '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent-subtle)', color: 'var(--text)' },
    '.cm-diagnostic-error': { borderLeftColor: 'var(--danger)' },
  }),
]

/** GraphiQL's keys, taken before CodeMirror's (⌘Enter would otherwise insert a line). */
const graphiqlKeys = () => commandKeys(GRAPHIQL_EDITOR_KEYS)

const basics = () => [
  graphiqlKeys(),
  history(),
  drawSelection(),
  highlightActiveLine(),
  bracketMatching(),
  closeBrackets(),
  autocompletion(),
  keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap]),
  look,
]

/** The query editor; `schema` (once introspected) drives completion and checking. */
export function GraphiqlQueryEditor({ schema }: { schema: GraphQLSchema | undefined }) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)

  useEffect(() => {
    if (!host.current) return
    const editor = new EditorView({
      parent: host.current,
      doc: graphiql.query,
      extensions: [
        ...basics(),
        lineNumbers(),
        graphql(undefined),
        placeholder('Type a GraphQL query'),
        EditorView.contentAttributes.of({ 'aria-label': 'GraphQL query' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) setGraphiqlQuery(u.state.doc.toString())
        }),
      ],
    })
    view.current = editor
    editor.focus()
    let revision = graphiql.revision
    const unsubscribe = subscribe(graphiql, () => {
      if (graphiql.revision === revision) return
      revision = graphiql.revision
      const doc = editor.state.doc.toString()
      // the cursor to the start, so a query laid out anew shows from its first column
      if (doc !== graphiql.query) {
        editor.dispatch({ changes: { from: 0, to: doc.length, insert: graphiql.query }, selection: { anchor: 0 }, scrollIntoView: true })
      }
    })
    return () => {
      unsubscribe()
      editor.destroy()
      view.current = null
    }
  }, [])

  useEffect(() => {
    if (view.current) updateSchema(view.current, schema)
  }, [schema])

  return <div ref={host} className="graphiql__code" />
}

/** The variables editor: a JSON object sent with the query. */
export function GraphiqlVariablesEditor() {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!host.current) return
    const editor = new EditorView({
      parent: host.current,
      doc: graphiql.variables,
      extensions: [
        ...basics(),
        placeholder('{ "id": 1 }'),
        EditorView.contentAttributes.of({ 'aria-label': 'GraphQL variables' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) setGraphiqlVariables(u.state.doc.toString())
        }),
      ],
    })
    return () => editor.destroy()
  }, [])
  return <div ref={host} className="graphiql__code graphiql__code--variables" />
}
