/** How a binding reads on screen: ⌘K on macOS, Ctrl+K elsewhere; a sequence is a list of presses. */
import { parseBinding, type Modifier, type Press } from './binding'

const MAC_MODS: Record<Modifier, string> = { $mod: '⌘', Control: '⌃', Meta: '⌘', Alt: '⌥', Shift: '⇧' }
const PC_MODS: Record<Modifier, string> = { $mod: 'Ctrl', Control: 'Ctrl', Meta: 'Win', Alt: 'Alt', Shift: 'Shift' }

const KEY_NAMES: Record<string, string> = {
  escape: 'Esc',
  enter: '↵',
  backspace: '⌫',
  delete: 'Del',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  space: 'Space',
  tab: 'Tab',
  pageup: 'PgUp',
  pagedown: 'PgDn',
}

function keyLabel(key: string): string {
  return KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key[0]!.toUpperCase() + key.slice(1))
}

/** A symbol typed with Shift ('?') already says Shift: show the symbol alone. */
function shownMods(p: Press): Modifier[] {
  const symbol = p.key.length === 1 && !/[a-z0-9]/.test(p.key)
  return symbol ? p.mods.filter((m) => m !== 'Shift') : p.mods
}

/** One label per press: ['⌘⇧L'] on macOS, ['Ctrl+Shift+L'] elsewhere, ['G', 'T'] for 'g t'. */
export function formatBinding(binding: string, mac: boolean): string[] {
  const presses = parseBinding(binding)
  if (!presses) return [binding]
  return presses.map((p) => {
    const mods = shownMods(p).map((m) => (mac ? MAC_MODS : PC_MODS)[m])
    return mac ? [...mods, keyLabel(p.key)].join('') : [...mods, keyLabel(p.key)].join('+')
  })
}
