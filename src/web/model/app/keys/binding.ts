/**
 * Key bindings in tinykeys syntax ('$mod+Shift+k', 'g t'): parsing into presses, a zod schema for
 * bindings a person types, and the platform test the display needs.
 */
import { z } from 'zod'

export const MODIFIERS = ['$mod', 'Control', 'Meta', 'Alt', 'Shift'] as const
export type Modifier = (typeof MODIFIERS)[number]

/** One press of a sequence: modifiers (in MODIFIERS order) and the key, lower-cased. */
export interface Press {
  mods: Modifier[]
  key: string
}

function isModifier(s: string): s is Modifier {
  return (MODIFIERS as readonly string[]).includes(s)
}

/** Splits a binding into presses; null when a modifier is unknown or a key is missing. */
export function parseBinding(binding: string): Press[] | null {
  const words = binding.trim().split(/\s+/).filter(Boolean)
  if (!words.length) return null
  const presses: Press[] = []
  for (const word of words) {
    // like tinykeys: '+' separates parts, but a trailing '+' is the key itself ('Shift++')
    const parts = word.split(/\b\+/)
    const key = parts.pop()
    if (!key) return null
    const mods: Modifier[] = []
    for (const m of parts) {
      if (!isModifier(m) || mods.includes(m)) return null
      mods.push(m)
    }
    mods.sort((a, b) => MODIFIERS.indexOf(a) - MODIFIERS.indexOf(b))
    presses.push({ mods, key: key.toLowerCase() })
  }
  return presses
}

/** The same binding written the same way, so two spellings of one binding compare equal. */
export function normalizeBinding(presses: Press[]): string {
  return presses.map((p) => [...p.mods, p.key].join('+')).join(' ')
}

export const KeyBinding = z
  .string()
  .trim()
  .min(1, 'Type a key binding')
  .refine((s) => parseBinding(s) !== null, {
    message: 'Use tinykeys syntax: keys separated by spaces for a sequence, modifiers joined with +, e.g. "g t" or "$mod+Shift+p"',
  })

export function isMacPlatform(): boolean {
  if (typeof navigator !== 'object') return false
  return /Mac|iPod|iPhone|iPad/.test(navigator.platform)
}
