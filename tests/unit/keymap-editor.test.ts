/**
 * The keymap inside the SQL editor (src/web/screens/sql-editor/editor/keys.ts), on macOS and elsewhere: the
 * editor takes the SQL commands' bindings that type no text and are none of CodeMirror's own keys, so
 * typing still types (Shift+N is 'N') and ⌘D still adds the next occurrence.
 */
import { describe, expect, it } from 'vitest'
import { defaultKeymap } from '../../keymaps/default'
import { editorBindings, editorOwnKeys, editorSpelling } from '../../src/web/screens/sql-editor/editor/keys'

const platforms = [
  ['macOS', true],
  ['Windows and Linux', false],
] as const

describe.each(platforms)('the default keymap in the SQL editor on %s', (_, mac) => {
  const taken = editorBindings(defaultKeymap, mac)
  const ids = taken.map(([id]) => id)

  it('offers every SQL binding there but Favorite query, whose ⌘D is CodeMirror’s', () => {
    const sql = Object.keys(defaultKeymap).filter((id) => id.startsWith('sql.'))
    expect(sql.filter((id) => !ids.includes(id))).toEqual(['sql.snippet.favorite'])
    expect(ids).toEqual(expect.arrayContaining(['sql.snippet.new', 'sql.snippet.rename', 'sql.snippet.delete', 'sql.run']))
  })

  it('takes no key that types text, and no key of CodeMirror’s but ⌘Enter (Run)', () => {
    const own = editorOwnKeys(mac)
    for (const [id, keys] of taken) {
      const spelled = editorSpelling(keys, mac)
      expect(spelled, `${id} (${keys}) types text`).not.toBeNull()
      if (id !== 'sql.run') expect(own.has(spelled!), `${id} (${keys}) is CodeMirror's`).toBe(false)
    }
    expect(own.has(editorSpelling(defaultKeymap['sql.run'], mac)!)).toBe(true)
  })

  it('is no prefix of a CodeMirror key, nor the other way round', () => {
    const own = [...editorOwnKeys(mac)]
    for (const [id, keys] of taken) {
      const spelled = editorSpelling(keys, mac)!
      const clash = own.filter((k) => k !== spelled && (k.startsWith(`${spelled} `) || spelled.startsWith(`${k} `)))
      expect(clash, id).toEqual([])
    }
  })
})

describe('which bindings the editor takes', () => {
  it('leaves out keys that type, CodeMirror’s keys and other areas’ commands', () => {
    const keymap = {
      'sql.run': '$mod+Enter',
      'sql.a.rename': 'Shift+F2',
      'sql.a.new': 'Shift+n',
      'sql.a.space': 'Shift+Space',
      'sql.a.seq': 'g s',
      'sql.a.delete': 'Shift+Backspace',
      'sql.a.find': '$mod+f',
      'grid.refresh': '$mod+r',
    }
    expect(editorBindings(keymap, false)).toEqual([
      ['sql.run', '$mod+Enter'],
      ['sql.a.rename', 'Shift+F2'],
    ])
  })

  it('knows CodeMirror’s keys per platform: Ctrl+D deletes forward on macOS, ⌘D adds the next occurrence', () => {
    expect(editorOwnKeys(true).has('Control+d')).toBe(true)
    expect(editorOwnKeys(true).has('Meta+d')).toBe(true)
    expect(editorOwnKeys(false).has('Control+d')).toBe(true)
    expect(editorOwnKeys(false).has('Meta+d')).toBe(false)
    expect(editorSpelling('Shift+$mod+D', true)).toBe('Meta+Shift+d')
  })
})
