/** The editor's look: token colours and surfaces from CSS variables (sql-editor.css), so it follows the theme. */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { EditorView } from '@codemirror/view'
import { tags } from '@lezer/highlight'

const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--sql-code-keyword)' },
  { tag: [tags.typeName, tags.standard(tags.name)], color: 'var(--sql-code-type)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--sql-code-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--sql-code-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--text-faint)', fontStyle: 'italic' },
  { tag: [tags.operator, tags.punctuation], color: 'var(--text-muted)' },
])

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: 'var(--text-base)', backgroundColor: 'var(--bg)', color: 'var(--text)' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--text)', padding: 'var(--space-2) 0' },
  '.cm-cursor': { borderLeftColor: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--bg)', color: 'var(--text-faint)', border: 'none' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 var(--space-3) 0 var(--space-4)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--bg-subtle)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'var(--sql-selection)',
  },
  '.cm-selectionMatch': { backgroundColor: 'var(--bg-active)' },
  '.cm-matchingBracket': { backgroundColor: 'var(--bg-active)', outline: '1px solid var(--border-strong)' },
  '.cm-tooltip': { backgroundColor: 'var(--bg-elevated)', border: '1px solid var(--border)', borderRadius: 'var(--radius)', boxShadow: 'var(--shadow-md)' },
  '.cm-tooltip-autocomplete > ul > li': { padding: '2px var(--space-2)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent-subtle)', color: 'var(--text)' },
  '.cm-completionDetail': { color: 'var(--text-faint)', fontStyle: 'normal', marginLeft: 'var(--space-2)' },
  '.cm-panels': { backgroundColor: 'var(--bg-subtle)', color: 'var(--text)', borderColor: 'var(--border)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-search': { fontSize: 'var(--text-sm)', padding: 'var(--space-2) var(--space-3)' },
  '.cm-search input, .cm-search button': { fontSize: 'var(--text-sm)' },
  '.cm-textfield': { backgroundColor: 'var(--bg)', border: '1px solid var(--border-strong)', borderRadius: 'var(--radius-sm)', color: 'var(--text)' },
  '.cm-button': { backgroundImage: 'none', backgroundColor: 'var(--bg-elevated)', border: '1px solid var(--border-strong)', borderRadius: 'var(--radius-sm)', color: 'var(--text)' },
  '.cm-searchMatch': { backgroundColor: 'var(--sql-search-match)' },
  '.cm-searchMatch-selected': { backgroundColor: 'var(--sql-search-current)' },
  '.sql-error-line': { backgroundColor: 'var(--danger-subtle)' },
  '.sql-error-word': { textDecoration: 'underline wavy var(--danger)', textUnderlineOffset: '3px' },
})

export const editorLook = [theme, syntaxHighlighting(highlight)]
