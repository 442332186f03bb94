/**
 * Which keys typed on a grid cell start editing it (as in a spreadsheet): one printable character with no
 * ⌘, Ctrl or Alt, and not Space (the grid's own key: it selects the row). A key that a binding offered
 * here starts with stays the binding's: 'g' begins the 'g …' go-to sequences (and the key after it belongs
 * to the sequence), Shift+F adds a filter, and so on (keymaps/default.ts).
 */
import { matchKeyBindingPress, parseKeybinding } from 'tinykeys'
import { currentContext, getCommand, isAvailable } from '../../../../commands/registry'
import { effectiveKeymap } from '../../model/app/keys/keymap'

/** How long a sequence waits for its next key (tinykeys' default, which the key bindings use). */
const SEQUENCE_TIMEOUT_MS = 1000

/** Until then, the next key continues a sequence begun on the grid. */
let sequenceUntil = 0

function isPrintable(event: KeyboardEvent): boolean {
  return [...event.key].length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey
}

/** The key bindings offered here whose first key this is: how many keys each takes. */
function bindingsStartingWith(event: KeyboardEvent): number[] {
  const ctx = currentContext()
  const lengths: number[] = []
  for (const [id, keys] of Object.entries(effectiveKeymap())) {
    const presses = parseKeybinding(keys)
    const cmd = getCommand(id)
    if (presses[0] && cmd && isAvailable(cmd, ctx) && matchKeyBindingPress(event, presses[0])) lengths.push(presses.length)
  }
  return lengths
}

/** Does this key type its character into the focused cell? */
export function typesIntoCell(event: KeyboardEvent): boolean {
  if (!isPrintable(event)) return false
  const continuing = Date.now() < sequenceUntil
  sequenceUntil = 0
  if (continuing) return false
  const bound = bindingsStartingWith(event)
  if (bound.some((n) => n > 1)) sequenceUntil = Date.now() + SEQUENCE_TIMEOUT_MS
  return bound.length === 0
}
