/**
 * A CodeMirror extension that gives these key bindings to their commands before the editor's own keys: a
 * key the bindings take runs its command and goes no further; a held key repeats nothing. The SQL editor
 * and GraphiQL's editors use it.
 */
import { Prec, type Extension } from '@codemirror/state'
import { EditorView } from '@codemirror/view'
import { dispatchKey } from './dispatch'
import { createKeyMatcher } from './matcher'

export function commandKeys(bindings: readonly (readonly [string, string])[]): Extension {
  const matcher = createKeyMatcher(bindings, (id, event: KeyboardEvent) => event.repeat || dispatchKey(id))
  return Prec.highest(
    EditorView.domEventHandlers({
      keydown(event) {
        if (!matcher(event)) return false
        event.preventDefault()
        return true
      },
    }),
  )
}
