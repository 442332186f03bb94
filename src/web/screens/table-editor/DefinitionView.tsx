/** view=definition: the table's SQL definition, read-only, highlighted. Loaded only when shown. */
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { EditorState } from '@codemirror/state'
import { EditorView, lineNumbers } from '@codemirror/view'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'
import { useApi } from '../../commands-context'
import { tableDefinitionQuery } from '../../model/project/queries'
import { Alert, CopyButton, Spinner } from '../../ui'

/** Colours come from CSS variables, so the code follows the theme. */
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--te-code-keyword)' },
  { tag: [tags.typeName, tags.standard(tags.name)], color: 'var(--te-code-type)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--te-code-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--te-code-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--te-code-comment)', fontStyle: 'italic' },
  { tag: [tags.operator, tags.punctuation], color: 'var(--te-code-punctuation)' },
])

const extensions = [
  lineNumbers(),
  sql({ dialect: PostgreSQL }),
  syntaxHighlighting(highlight),
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
  EditorView.lineWrapping,
  EditorView.contentAttributes.of({ 'aria-label': 'Table definition', tabindex: '0' }),
]

export function DefinitionView({ projectRef, tableId }: { projectRef: string; tableId: number }) {
  const definition = useQuery(tableDefinitionQuery(useApi(), projectRef, tableId))
  if (definition.isPending) {
    return (
      <div className="te-center">
        <Spinner label="Loading definition" />
      </div>
    )
  }
  if (definition.isError) {
    return (
      <div className="te-panel">
        <Alert type="destructive" title="Failed to load the table definition">
          {definition.error.message}
        </Alert>
      </div>
    )
  }
  return (
    <div className="te-definition">
      <div className="te-definition__bar">
        <CopyButton text={definition.data.sql} variant="ghost" />
      </div>
      <SqlView code={definition.data.sql} />
    </div>
  )
}

function SqlView({ code }: { code: string }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!host.current) return
    const view = new EditorView({ parent: host.current, state: EditorState.create({ doc: code, extensions }) })
    return () => view.destroy()
  }, [code])
  return <div ref={host} className="te-definition__code" />
}
