/**
 * Keys typed into CodeMirror never reach the app's key handler, so the editor binds the SQL commands
 * itself, from the same keymap: a tinykeys binding becomes CodeMirror's spelling ('$mod+Enter' →
 * 'Mod-Enter'). Only bindings with a modifier in every press: a plain key is for typing.
 */
import { parseBinding, type Modifier } from '../../../model/app/keys/binding'

const CM_MODIFIERS: Record<Modifier, string> = { $mod: 'Mod', Control: 'Ctrl', Meta: 'Meta', Alt: 'Alt', Shift: 'Shift' }
const CM_KEYS: Record<string, string> = {
  enter: 'Enter', escape: 'Escape', backspace: 'Backspace', delete: 'Delete', tab: 'Tab', space: 'Space',
  arrowup: 'ArrowUp', arrowdown: 'ArrowDown', arrowleft: 'ArrowLeft', arrowright: 'ArrowRight',
  pageup: 'PageUp', pagedown: 'PageDown', home: 'Home', end: 'End',
}

export function codeMirrorKey(binding: string): string | null {
  const presses = parseBinding(binding)
  if (!presses || presses.some((p) => !p.mods.some((m) => m !== 'Shift'))) return null
  return presses
    .map((p) => [...p.mods.map((m) => CM_MODIFIERS[m]), CM_KEYS[p.key] ?? (/^f\d+$/.test(p.key) ? p.key.toUpperCase() : p.key)].join('-'))
    .join(' ')
}

/** The bindings the editor takes: the SQL area's commands ('sql.…'), in CodeMirror's spelling. */
export function editorBindings(keymap: Readonly<Record<string, string>>): { id: string; key: string }[] {
  return Object.entries(keymap).flatMap(([id, binding]) => {
    const key = id.startsWith('sql.') ? codeMirrorKey(binding) : null
    return key ? [{ id, key }] : []
  })
}
