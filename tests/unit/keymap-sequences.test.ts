/**
 * How a press is matched against the keymap (src/web/keys/matcher.ts): a key that completes a sequence
 * fires the sequence alone, never also the binding of that key by itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKeyMatcher, type KeyPress } from '../../src/web/keys/matcher'

const MODIFIER_KEYS = ['Shift', 'Control', 'Alt', 'Meta']

/** A keydown as the browser reports it: 'Shift+B' is key 'B' with Shift held, code 'KeyB'. */
function press(spec: string, code?: string): KeyPress {
  const parts = spec.split(/\+(?!$)/)
  const key = parts.pop() ?? ''
  const held = new Set(MODIFIER_KEYS.includes(key) ? [...parts, key] : parts)
  return { key, code: code ?? (/^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key), getModifierState: (m: string) => held.has(m) }
}

const keymap: [string, string][] = [
  ['storage.policies.go', 'g Shift+b'],
  ['storage.bucket.create-dialog.open', 'Shift+b'],
  ['nav.storage.go', 'g b'],
  ['policies.table.go', 'g Shift+p'],
  ['policies.editor.open', 'Shift+p'],
  ['sql.run', '$mod+Enter'],
]

function matcher(bindings = keymap, options: { mac?: boolean } = {}) {
  const fired: string[] = []
  const handle = createKeyMatcher(bindings, (id) => (fired.push(id), true), options)
  return { fired, type: (...keys: (string | KeyPress)[]) => keys.map((k) => handle(typeof k === 'string' ? press(k) : k)) }
}

describe('a key sequence', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('fires alone when its last key is also a binding by itself (g then Shift+B)', () => {
    const { fired, type } = matcher()
    expect(type('g', 'Shift', 'Shift+B')).toEqual([false, false, true])
    expect(fired).toEqual(['storage.policies.go'])
  })

  it('g then Shift+P goes to the table policies without opening New policy', () => {
    const { fired, type } = matcher()
    type('g', 'Shift+P')
    expect(fired).toEqual(['policies.table.go'])
  })

  it('leaves the key by itself working when no sequence is under way', () => {
    const { fired, type } = matcher()
    type('Shift+B', 'g', 'b', 'Shift+P')
    expect(fired).toEqual(['storage.bucket.create-dialog.open', 'nav.storage.go', 'policies.editor.open'])
  })

  it('gives up a sequence on another key or after a second, then the key fires by itself', () => {
    const { fired, type } = matcher()
    type('g', 'x', 'Shift+B')
    type('g')
    vi.advanceTimersByTime(1000)
    type('Shift+B')
    expect(fired).toEqual(['storage.bucket.create-dialog.open', 'storage.bucket.create-dialog.open'])
  })

  it('does not fire the binding of a key that starts a sequence (the keymap check refuses the pair anyway)', () => {
    const { fired, type } = matcher([['a.one.go', 'g'], ['a.two.go', 'g t']])
    type('g', 't')
    expect(fired).toEqual(['a.two.go'])
  })

  it('does not confuse a key with the same key and a modifier', () => {
    const { fired, type } = matcher()
    type('g', 'Control+b', 'Control+Enter')
    expect(fired).toEqual(['sql.run'])
  })
})

describe('⌥ bindings on macOS', () => {
  it('match by the physical key, since ⌥ types another character there', () => {
    const option = press('Alt+Shift+Ï', 'KeyF')
    expect(matcher([['sql.format', 'Shift+Alt+f']], { mac: true }).type(option)).toEqual([true])
    expect(matcher([['sql.format', 'Shift+Alt+f']], { mac: false }).type(option)).toEqual([false])
  })
})
