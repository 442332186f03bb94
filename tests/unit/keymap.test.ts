/**
 * The keymap can be trusted: every command module loads (a duplicate id throws on import), every
 * binding names a real command, no binding is used twice, and no key is also the start of a sequence.
 */
import { describe, expect, it } from 'vitest'
import { defaultKeymap } from '../../keymaps/default'
import { allCommands, defineCommand } from '../../commands/registry'
import { keymapProblems } from '../../src/web/model/app/keys/validate'
import { formatBinding } from '../../src/web/model/app/keys/format'
import { parseBinding } from '../../src/web/model/app/keys/binding'

describe('the default keymap', () => {
  it('loads every command module, so no id is declared twice', async () => {
    await expect(import('../../commands/all')).resolves.toBeDefined()
    const ids = allCommands().map((c) => c.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('has no unknown command, duplicate binding or key that starts a sequence', async () => {
    await import('../../commands/all')
    expect(keymapProblems(defaultKeymap, new Set(allCommands().map((c) => c.id)))).toEqual([])
  })
})

describe('a duplicate command id', () => {
  it('throws when declared', () => {
    const spec = { id: 'test.keymap.dup', title: 'Dup', area: 'app' as const, run: () => undefined }
    defineCommand(spec)
    expect(() => defineCommand(spec)).toThrow('Duplicate command id: test.keymap.dup')
  })
})

describe('keymapProblems', () => {
  const ids = new Set(['a.one.go', 'a.two.go', 'a.three.go'])

  it('accepts a sound keymap', () => {
    expect(keymapProblems({ 'a.one.go': 'g o', 'a.two.go': 'g t', 'a.three.go': '$mod+k' }, ids)).toEqual([])
  })

  it('flags a binding for a command that does not exist', () => {
    expect(keymapProblems({ 'a.gone.go': 'x' }, ids)).toEqual(['"x" is bound to a.gone.go, which is not a command'])
  })

  it('flags the same binding twice, however it is spelled', () => {
    expect(keymapProblems({ 'a.one.go': '$mod+Shift+k', 'a.two.go': 'Shift+$mod+K' }, ids)).toEqual([
      '"Shift+$mod+K" is bound to both a.one.go and a.two.go',
    ])
  })

  it('flags a single key that is also the first key of a sequence', () => {
    expect(keymapProblems({ 'a.one.go': 'g', 'a.two.go': 'g t' }, ids)).toEqual([
      '"g" (a.one.go) is also the start of "g t" (a.two.go)',
    ])
  })

  it('flags a sequence that starts a longer one', () => {
    expect(keymapProblems({ 'a.one.go': 'g t', 'a.two.go': 'g t x' }, ids)).toHaveLength(1)
  })

  it('does not confuse a key with the same key plus a modifier', () => {
    expect(keymapProblems({ 'a.one.go': 'g', 'a.two.go': 'Shift+g t' }, ids)).toEqual([])
  })

  it('flags a binding that is not tinykeys syntax', () => {
    expect(keymapProblems({ 'a.one.go': 'Hyper+k' }, ids)).toEqual(['"Hyper+k" (a.one.go) is not a valid key binding'])
  })
})

describe('bindings as a person reads them', () => {
  it('parses modifiers in a fixed order and the key lower-cased', () => {
    expect(parseBinding('Shift+$mod+K')).toEqual([{ mods: ['$mod', 'Shift'], key: 'k' }])
    expect(parseBinding('Shift++')).toEqual([{ mods: ['Shift'], key: '+' }])
  })

  it('shows ⌘K on macOS and Ctrl+K elsewhere', () => {
    expect(formatBinding('$mod+k', true)).toEqual(['⌘K'])
    expect(formatBinding('$mod+k', false)).toEqual(['Ctrl+K'])
    expect(formatBinding('$mod+Shift+l', true)).toEqual(['⌘⇧L'])
    expect(formatBinding('Alt+ArrowRight', false)).toEqual(['Alt+→'])
  })

  it('shows a sequence press by press and a shifted symbol alone', () => {
    expect(formatBinding('g t', false)).toEqual(['G', 'T'])
    expect(formatBinding('Shift+?', true)).toEqual(['?'])
  })
})
