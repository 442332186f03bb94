/**
 * The palette's lists, headless (src/web/palette/list.ts): every option of a long list is reachable by its
 * keys, which move over the whole list (not only what is drawn), skip headings and disabled options, and
 * are none of the app's bindings that work while the palette is open. Groups keep their headings; the text
 * typed orders them as cmdk did.
 */
import { describe, expect, it } from 'vitest'
import { defaultKeymap } from '../../keymaps/default'
import { parseBinding } from '../../src/web/model/app/keys/binding'
import {
  PALETTE_LIST_KEYS, groupRows, listActionOf, nextIndex, rankGroups, rankOptions, type PaletteRow,
} from '../../src/web/palette/list'

const tables = Array.from({ length: 1500 }, (_, i) => ({ value: String(i + 1), label: `public.many_${String(i + 1).padStart(4, '0')}` }))
const optionRows = (n: number): PaletteRow<number>[] => Array.from({ length: n }, (_, i) => ({ kind: 'option', key: String(i), item: i }))

/** h: heading, o: option, x: disabled option */
function rowsOf(shape: string): PaletteRow<number>[] {
  return [...shape].map((c, i): PaletteRow<number> =>
    c === 'h' ? { kind: 'heading', key: `h${i}`, label: `Group ${i}` } : { kind: 'option', key: String(i), item: i, disabled: c === 'x' },
  )
}

/** A keydown as the palette reads it. */
const press = (key: string, mods: { alt?: boolean; meta?: boolean; ctrl?: boolean; shift?: boolean } = {}) => ({
  key,
  code: '',
  getModifierState: (m: string) =>
    (m === 'Alt' && !!mods.alt) || (m === 'Meta' && !!mods.meta) || (m === 'Control' && !!mods.ctrl) || (m === 'Shift' && !!mods.shift),
})

describe('nextIndex over a long list', () => {
  const rows = optionRows(1500)
  it('reaches the last of 1,500 options with End and the first with Home', () => {
    expect(nextIndex(rows, 0, 'last', 10)).toBe(1499)
    expect(nextIndex(rows, 1499, 'first', 10)).toBe(0)
  })
  it('goes round with ↑ and ↓, one at a time everywhere else', () => {
    expect(nextIndex(rows, 0, 'prev', 10)).toBe(1499)
    expect(nextIndex(rows, 1499, 'next', 10)).toBe(0)
    expect(nextIndex(rows, 700, 'next', 10)).toBe(701)
    expect(nextIndex(rows, 700, 'prev', 10)).toBe(699)
  })
  it('moves a page with PageDown and PageUp, stopping at the ends', () => {
    expect(nextIndex(rows, 0, 'pageDown', 9)).toBe(9)
    expect(nextIndex(rows, 9, 'pageDown', 9)).toBe(18)
    expect(nextIndex(rows, 1495, 'pageDown', 9)).toBe(1499)
    expect(nextIndex(rows, 18, 'pageUp', 9)).toBe(9)
    expect(nextIndex(rows, 4, 'pageUp', 9)).toBe(0)
    // a page is at least one row
    expect(nextIndex(rows, 4, 'pageDown', 0)).toBe(5)
  })
  it('starts at an end when nothing is active, and finds nothing in an empty list', () => {
    expect(nextIndex(rows, -1, 'next', 10)).toBe(0)
    expect(nextIndex(rows, -1, 'prev', 10)).toBe(1499)
    expect(nextIndex([], -1, 'next', 10)).toBe(-1)
    expect(nextIndex(rowsOf('hxh'), -1, 'last', 10)).toBe(-1)
  })
})

describe('nextIndex with headings and disabled options', () => {
  //                   0123456789
  const rows = rowsOf('hoxohxhoho')
  it('skips headings and disabled options', () => {
    expect(nextIndex(rows, 1, 'next', 5)).toBe(3)
    expect(nextIndex(rows, 3, 'next', 5)).toBe(7)
    expect(nextIndex(rows, 7, 'prev', 5)).toBe(3)
    expect(nextIndex(rows, 1, 'prev', 5)).toBe(9)
    expect(nextIndex(rows, 3, 'first', 5)).toBe(1)
    expect(nextIndex(rows, 3, 'last', 5)).toBe(9)
  })
  it('lands a page move on an option, the next one past a heading or before the end', () => {
    expect(nextIndex(rows, 1, 'pageDown', 3)).toBe(7) // row 4 is a heading, 5 disabled, 6 a heading
    expect(nextIndex(rows, 7, 'pageDown', 30)).toBe(9)
    expect(nextIndex(rows, 9, 'pageUp', 4)).toBe(3) // row 5 disabled, row 4 a heading: back to 3
    expect(nextIndex(rows, 3, 'pageUp', 30)).toBe(1)
  })
  it('jumps to the first option of the next or previous group', () => {
    expect(nextIndex(rows, 1, 'nextGroup', 5)).toBe(7) // the group at 4 has only a disabled option
    expect(nextIndex(rows, 7, 'nextGroup', 5)).toBe(9)
    expect(nextIndex(rows, 9, 'nextGroup', 5)).toBe(1) // no group after: as ↓, round to the first
    expect(nextIndex(rows, 9, 'prevGroup', 5)).toBe(7)
    expect(nextIndex(rows, 7, 'prevGroup', 5)).toBe(1)
    expect(nextIndex(rows, 1, 'prevGroup', 5)).toBe(9) // no group before: as ↑, round to the last
  })
})

describe('groupRows and rankGroups', () => {
  const groups = [
    { key: 'recent', heading: 'Recent', items: [] as string[] },
    { key: 'nav', heading: 'Go to', items: ['Open table', 'Go to SQL editor'] },
    { key: 'app', heading: 'General', items: ['Toggle theme', 'Open table list'] },
  ]
  const score = (typed: string) => (s: string) => (s.toLowerCase().startsWith(typed) ? 1 : s.toLowerCase().includes(typed) ? 0.5 : 0)

  it('puts each heading before its options and leaves an empty group out', () => {
    const rows = groupRows(groups, (s) => ({ key: s, disabled: s === 'Toggle theme' }))
    expect(rows.map((r) => (r.kind === 'heading' ? `# ${r.label}` : r.disabled ? `(${r.item})` : r.item))).toEqual([
      '# Go to', 'Open table', 'Go to SQL editor', '# General', '(Toggle theme)', 'Open table list',
    ])
  })
  it('keeps the order with no text; with text, the best first in each group and the best group first', () => {
    expect(rankGroups(groups, ' ', score(''))).toEqual(groups)
    const ranked = rankGroups(groups, 'table', score('table'))
    expect(ranked.map((g) => [g.heading, ...g.items])).toEqual([
      ['Go to', 'Open table'],
      ['General', 'Open table list'],
    ])
    expect(rankGroups(groups, 'open table l', score('open table l')).map((g) => [g.heading, ...g.items])).toEqual([
      ['General', 'Open table list'],
    ])
  })
})

describe('rankOptions', () => {
  it('keeps every option, in order, with no text', () => {
    expect(rankOptions(tables, '  ')).toHaveLength(1500)
  })
  it('finds an option far down the list, the best match first, and keeps every match', () => {
    expect(rankOptions(tables, 'many_1499')[0]!.label).toBe('public.many_1499')
    expect(rankOptions(tables, 'many_1').length).toBeGreaterThan(100) // no longer cut at the first 100
  })
})

describe('the palette keys', () => {
  it('are read from key presses, modifiers and all', () => {
    expect(listActionOf(press('ArrowDown'))).toBe('next')
    expect(listActionOf(press('ArrowUp'))).toBe('prev')
    expect(listActionOf(press('PageDown'))).toBe('pageDown')
    expect(listActionOf(press('PageUp'))).toBe('pageUp')
    expect(listActionOf(press('Home'))).toBe('first')
    expect(listActionOf(press('End'))).toBe('last')
    expect(listActionOf(press('ArrowDown', { meta: true }))).toBe('last')
    expect(listActionOf(press('ArrowUp', { alt: true }))).toBe('prevGroup')
    expect(listActionOf(press('Enter'))).toBe('pick')
    // ⌘Enter is a step's own (Done), Shift+Home selects text, and letters are typed
    expect(listActionOf(press('Enter', { meta: true }))).toBeNull()
    expect(listActionOf(press('Home', { shift: true }))).toBeNull()
    expect(listActionOf(press('k', { ctrl: true }))).toBeNull()
    expect(listActionOf(press('p'))).toBeNull()
  })
  it('are none of the bindings that work while the palette is open (⌘K, on macOS and elsewhere)', () => {
    // one press each: '$mod' spelled as macOS (⌘) and as elsewhere (Ctrl)
    const spell = (binding: string, mod: string) =>
      parseBinding(binding)!.map((p) => [p.key, ...p.mods.map((m) => (m === '$mod' ? mod : m)).sort()].join('+')).join(' ')
    const open = ['Meta', 'Control'].map((mod) => spell(defaultKeymap['app.palette.open'], mod))
    for (const keys of Object.values(PALETTE_LIST_KEYS).flat()) expect(open).not.toContain(spell(keys, 'Meta'))
  })
})
