/**
 * The effective keymap: keymaps/default.ts with the user's overrides (persisted) on top. The key
 * hook, the palette's hints and the '?' overlay all read bindings here.
 */
import { proxy } from 'valtio'
import { z } from 'zod'
import { defaultKeymap } from '../../../../../keymaps/default'
import { LS_KEYS } from '../../../../shared/constants'
import { readJson, removeKey, writeJson } from '../local-storage'

const Overrides = z.record(z.string(), z.string())

export const keymap = proxy({
  /** command id → keys, replacing the default binding */
  overrides: readJson(LS_KEYS.keymapOverrides, (v) => Overrides.safeParse(v).data) ?? {},
})

export function effectiveKeymap(overrides: Readonly<Record<string, string>> = keymap.overrides): Record<string, string> {
  return { ...defaultKeymap, ...overrides }
}

/** The defaults looked up by any id (keymaps/default.ts is keyed by command id). */
const defaults: Readonly<Record<string, string>> = defaultKeymap

export function bindingFor(id: string, overrides: Readonly<Record<string, string>> = keymap.overrides): string | undefined {
  return overrides[id] ?? defaults[id]
}

export function setBinding(id: string, keys: string): void {
  keymap.overrides[id] = keys
  writeJson(LS_KEYS.keymapOverrides, keymap.overrides)
}

export function resetOverrides(): void {
  keymap.overrides = {}
  removeKey(LS_KEYS.keymapOverrides)
}

export function hasOverrides(): boolean {
  return Object.keys(keymap.overrides).length > 0
}
