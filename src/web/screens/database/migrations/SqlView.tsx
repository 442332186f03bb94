/** A migration's SQL, read-only and highlighted (CodeMirror, as the table definition shows it). */
import { useEffect, useRef } from 'react'
import { EditorState } from '@codemirror/state'
import { EditorView, lineNumbers } from '@codemirror/view'
import { PostgreSQL, sql } from '@codemirror/lang-sql'
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { tags } from '@lezer/highlight'

const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--mig-code-keyword)' },
  { tag: [tags.typeName, tags.standard(tags.name)], color: 'var(--mig-code-type)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--mig-code-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--mig-code-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--text-faint)', fontStyle: 'italic' },
  { tag: [tags.operator, tags.punctuation], color: 'var(--text-muted)' },
])

export function SqlView({ code, label }: { code: string; label: string }) {
  const host = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!host.current) return
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: code,
        extensions: [
          lineNumbers(), sql({ dialect: PostgreSQL }), syntaxHighlighting(highlight), EditorState.readOnly.of(true),
          EditorView.editable.of(false), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
        ],
      }),
    })
    return () => view.destroy()
  }, [code, label])
  return <div ref={host} className="migrations-code" />
}
