/** The failed statement's place in the editor: its line tinted, the word at the position underlined. */
import { StateEffect, StateField, type Extension } from '@codemirror/state'
import { Decoration, EditorView, type DecorationSet } from '@codemirror/view'

export const setErrorMark = StateEffect.define<number | null>()

const lineMark = Decoration.line({ class: 'sql-error-line' })
const wordMark = Decoration.mark({ class: 'sql-error-word' })

function marksAt(view: { state: EditorView['state'] }, from: number): DecorationSet {
  const doc = view.state.doc
  const at = Math.min(from, doc.length)
  const line = doc.lineAt(at)
  const word = view.state.wordAt(at)
  const to = word && word.from === at ? word.to : Math.min(at + 1, line.to)
  const marks = [lineMark.range(line.from)]
  if (to > at) marks.push(wordMark.range(at, to))
  return Decoration.set(marks, true)
}

export const errorMark: Extension = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    let next = marks.map(tr.changes)
    for (const e of tr.effects) {
      if (e.is(setErrorMark)) next = e.value === null ? Decoration.none : marksAt(tr, e.value)
    }
    return next
  },
  provide: (field) => EditorView.decorations.from(field),
})
