/**
 * Which bindings a key press completes, sequences first: a key that completes or continues a sequence
 * started before it ('g' then Shift+B for 'g Shift+b') belongs to that sequence alone, so a binding of the
 * key by itself (Shift+B) does not fire as well; and a key that starts a sequence starts it without firing
 * a binding of that key alone (the keymap check refuses such a pair anyway). Presses are matched as
 * tinykeys matches them ('$mod' is ⌘ on macOS, Ctrl elsewhere); on macOS, where ⌥ turns a letter into
 * another character, an ⌥ binding also matches by the physical key.
 */
import { matchKeyBindingPress, parseKeybinding, type KeyBindingPress } from 'tinykeys'

/** What the matcher reads of a keydown event (a KeyboardEvent in the app, a plain object in unit tests). */
export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'getModifierState'>

/** How long a sequence waits for its next key, as tinykeys. */
export const SEQUENCE_TIMEOUT_MS = 1000

const MAC = typeof navigator === 'object' && /Mac|iPod|iPhone|iPad/.test(navigator.platform)

function matchPress(event: KeyPress, press: KeyBindingPress, mac = MAC): boolean {
  if (matchKeyBindingPress(event as KeyboardEvent, press)) return true
  const [mods, key] = press
  if (!mac || !event.getModifierState('Alt') || typeof key !== 'string') return false
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : /^\d$/.test(key) ? `Digit${key}` : null
  return code !== null && matchKeyBindingPress(event as KeyboardEvent, [mods, code])
}

/**
 * A keydown handler over bindings ([command id, tinykeys keys]): calls `fire` for each binding the press
 * completes, and returns whether any `fire` took the key.
 */
export function createKeyMatcher<E extends KeyPress>(
  bindings: readonly (readonly [string, string])[],
  fire: (id: string, event: E) => boolean,
  options: { mac?: boolean; timeout?: number } = {},
): (event: E) => boolean {
  const parsed = bindings.map(([id, keys]) => ({ id, presses: parseKeybinding(keys) }))
  /** binding index → presses already matched */
  const progress = new Map<number, number>()
  let timer: ReturnType<typeof setTimeout> | undefined

  return (event) => {
    const completes: { id: string; continued: boolean }[] = []
    let sequenceGoesOn = false
    parsed.forEach(({ id, presses }, i) => {
      const done = progress.get(i) ?? 0
      const press = presses[done]
      if (press && matchPress(event, press, options.mac)) {
        if (done + 1 === presses.length) {
          completes.push({ id, continued: done > 0 })
          progress.delete(i)
        } else {
          sequenceGoesOn = true
          progress.set(i, done + 1)
        }
      } else if (!event.getModifierState(event.key)) {
        // a modifier pressed on its own (Shift, for 'g Shift+b') keeps a sequence waiting
        progress.delete(i)
      }
    })
    clearTimeout(timer)
    if (progress.size) timer = setTimeout(() => progress.clear(), options.timeout ?? SEQUENCE_TIMEOUT_MS)

    const sequences = completes.filter((c) => c.continued)
    const firing = sequences.length ? sequences : sequenceGoesOn ? [] : completes
    let taken = false
    for (const { id } of firing) taken = fire(id, event) || taken
    return taken
  }
}
