/**
 * Binds every entry of the effective keymap with tinykeys. Keys typed into a field or an editor, and
 * keys pressed while a dialog or the palette is open, are left alone, except the palette's own binding.
 */
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { createKeybindingsHandler, type KeyBindingMap } from 'tinykeys'
import { dispatchKey } from './dispatch'
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

function handlerFor(bindings: [string, string][]): EventListener {
  const map: KeyBindingMap = {}
  for (const [id, keys] of bindings) {
    map[keys] = (event) => {
      if (dispatchKey(id)) event.preventDefault()
    }
  }
  return createKeybindingsHandler(map)
}

export function useKeyBindings(): void {
  const { overrides } = useSnapshot(keymap)
  useEffect(() => {
    const bindings = Object.entries(effectiveKeymap(overrides))
    const all = handlerFor(bindings)
    const global = handlerFor(bindings.filter(([id]) => GLOBAL_COMMANDS.has(id)))
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      const quiet = isTyping(event.target) || overlayOpen()
      ;(quiet ? global : all)(event)
    }
    window.addEventListener('keydown', listener)
    return () => window.removeEventListener('keydown', listener)
  }, [overrides])
}
