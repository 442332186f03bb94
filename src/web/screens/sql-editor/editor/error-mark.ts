/** The failed statement's place in the editor: its line tinted, the name at the position (o.total) underlined. */
import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state'
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view'

export const setErrorMark = StateEffect.define<number | null>()

const lineMark = Decoration.line({ class: 'sql-error-line' })
const wordMark = Decoration.mark({ class: 'sql-error-word' })
const NAME = /^[\p{L}\p{N}_$."]+/u

function marksAt(state: EditorState, from: number): DecorationSet {
  const doc = state.doc
  const at = Math.min(from, doc.length)
  const line = doc.lineAt(at)
  const name = NAME.exec(line.text.slice(at - line.from))?.[0]
  const to = Math.min(at + (name?.length ?? 1), line.to)
  const marks = [lineMark.range(line.from)]
  if (to > at) marks.push(wordMark.range(at, to))
  return Decoration.set(marks, true)
}

export const errorMark: Extension = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes)
    for (const e of tr.effects) {
      if (e.is(setErrorMark)) next = e.value === null ? Decoration.none : marksAt(tr.state, e.value)
    }
    return next
  },
  provide: (field) => EditorView.decorations.from(field),
})
