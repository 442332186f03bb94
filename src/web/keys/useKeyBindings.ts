/**
 * Binds every entry of the effective keymap on the window (see matcher.ts for how sequences and single keys
 * share a press). Keys typed into a field or an editor, and keys pressed while a dialog or the palette is
 * open, are left alone, except the palette's own binding; the SQL editor binds the SQL commands that do not
 * type text itself (screens/sql-editor/editor/keys.ts).
 */
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { dispatchKey } from './dispatch'
import { createKeyMatcher } from './matcher'
import { effectiveKeymap, keymap } from '../model/app/keys/keymap'
import { palette } from '../model/app/palette'
import type { CommandId } from '../../../commands/all'

/** Works everywhere, even in a text field or over a dialog. */
const GLOBAL_COMMANDS = new Set<string>(['app.palette.open'] satisfies CommandId[])

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'])

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target.closest('.cm-editor')) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type)
}

function overlayOpen(): boolean {
  return palette.open || document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !== null
}

export function useKeyBindings(): void {
  const { overrides } = useSnapshot(keymap)
  useEffect(() => {
    const bindings = Object.entries(effectiveKeymap(overrides))
    const fire = (id: string) => dispatchKey(id)
    const all = createKeyMatcher(bindings, fire)
    const global = createKeyMatcher(bindings.filter(([id]) => GLOBAL_COMMANDS.has(id)), fire)
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      const quiet = isTyping(event.target) || overlayOpen()
      if ((quiet ? global : all)(event)) event.preventDefault()
    }
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [overrides])
}
