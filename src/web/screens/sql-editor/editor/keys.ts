/**
 * The app's key bindings inside the SQL editor. Keys typed into CodeMirror are left alone by the window's
 * handler, so the editor runs the same matcher itself, before CodeMirror's keymap, over the bindings it
 * takes: the SQL area's commands ('sql.…') whose every press
 *  - types no text: it has a modifier other than Shift, or a key that is no character (Shift+F2), and
 *  - is none of CodeMirror's own keys on this platform (so ⌘D keeps adding the next occurrence, and
 *    Favorite query is not offered here), except where the SQL command wins on purpose: ⌘Enter runs the
 *    query, as in every SQL editor, in place of CodeMirror's "insert blank line".
 */
import type { Extension } from '@codemirror/state'
import type { KeyBinding } from '@codemirror/view'
import { defaultKeymap, historyKeymap } from '@codemirror/commands'
import { closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { searchKeymap } from '@codemirror/search'
import { commandKeys } from '../../../keys/editor-keys'
import { isMacPlatform, parseBinding } from '../../../model/app/keys/binding'
import type { CommandId } from '../../../../../commands/all'

/** CodeMirror's own keys, as the editor installs them. */
export const EDITOR_KEYMAP: readonly KeyBinding[] = [...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap]

/** SQL commands whose binding is taken from CodeMirror when the two meet. */
const WINS_OVER_EDITOR = new Set<string>(['sql.run'] satisfies CommandId[])

const ORDER = ['Control', 'Meta', 'Alt', 'Shift']

/** One spelling for a press of either syntax: 'Control+Shift+k', modifiers in a fixed order. */
function spell(mods: string[], key: string): string {
  const unique = [...new Set(mods)].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))
  return [...unique, key.toLowerCase()].join('+')
}

const CM_MODIFIERS: Record<string, string> = {
  c: 'Control', ctrl: 'Control', control: 'Control', m: 'Meta', meta: 'Meta', cmd: 'Meta',
  a: 'Alt', alt: 'Alt', s: 'Shift', shift: 'Shift',
}

/** CodeMirror's 'Mod-Shift-k' as spell() writes it ('Mod' is ⌘ on macOS, Ctrl elsewhere). */
function spellCodeMirror(name: string, mac: boolean): string {
  return name
    .split(/ (?!$)/)
    .map((press) => {
      const parts = press.split(/-(?!$)/)
      const key = parts.pop() ?? ''
      const mods = parts.map((m) => (m.toLowerCase() === 'mod' ? (mac ? 'Meta' : 'Control') : (CM_MODIFIERS[m.toLowerCase()] ?? m)))
      return spell(mods, key)
    })
    .join(' ')
}

/** Every key CodeMirror answers on the platform, spelled as spell() writes them. */
export function editorOwnKeys(mac: boolean): Set<string> {
  const keys = new Set<string>()
  for (const b of EDITOR_KEYMAP) {
    const names = mac ? [b.mac ?? b.key] : [b.win ?? b.key, b.linux ?? b.key]
    for (const name of names) {
      if (!name) continue
      keys.add(spellCodeMirror(name, mac))
      if (b.shift) keys.add(spellCodeMirror(`Shift-${name}`, mac))
    }
  }
  return keys
}

/** The app's binding as editorOwnKeys() spells keys, or null when a press types text (or it is no binding). */
export function editorSpelling(binding: string, mac: boolean): string | null {
  const presses = parseBinding(binding)
  if (!presses) return null
  const types = presses.some((p) => p.mods.every((m) => m === 'Shift') && (p.key.length === 1 || p.key === 'space'))
  if (types) return null
  return presses.map((p) => spell(p.mods.map((m) => (m === '$mod' ? (mac ? 'Meta' : 'Control') : m)), p.key)).join(' ')
}

/** The bindings the editor takes, [command id, keys], from the effective keymap. */
export function editorBindings(keymap: Readonly<Record<string, string>>, mac = isMacPlatform()): [string, string][] {
  const own = editorOwnKeys(mac)
  return Object.entries(keymap).filter(([id, binding]) => {
    if (!id.startsWith('sql.')) return false
    const spelled = editorSpelling(binding, mac)
    return spelled !== null && (!own.has(spelled) || WINS_OVER_EDITOR.has(id))
  })
}

/** The editor's extension: the keymap's editor bindings run their commands before CodeMirror's keys. */
export const editorKeys = (keymap: Readonly<Record<string, string>>): Extension => commandKeys(editorBindings(keymap))
