/** A pick list draws its best MAX_DRAWN options; typing reaches any of the rest. */
import { describe, expect, it } from 'vitest'
import { boundOptions, MAX_DRAWN } from '../../src/web/palette/bounded'

const tables = Array.from({ length: 1005 }, (_, i) => ({ value: String(i + 1), label: `public.many_${String(i + 1).padStart(4, '0')}` }))

describe('boundOptions', () => {
  it('draws the first MAX_DRAWN of a ranked list and counts the rest', () => {
    const { shown, more } = boundOptions(tables, '', false)
    expect(shown).toHaveLength(MAX_DRAWN)
    expect(shown[0]!.label).toBe('public.many_0001')
    expect(more).toBe(1005 - MAX_DRAWN)
  })
  it('keeps the server order of a searched list (no filtering here)', () => {
    const { shown, more } = boundOptions(tables.slice(0, 3).reverse(), 'many_0001', false)
    expect(shown.map((o) => o.label)).toEqual(['public.many_0003', 'public.many_0002', 'public.many_0001'])
    expect(more).toBe(0)
  })
  it('filters a local list before the cut, so an option past the first ones is drawn once typed', () => {
    const { shown, more } = boundOptions(tables, 'many_1005', true)
    expect(shown[0]!.label).toBe('public.many_1005')
    expect(more).toBe(0)
  })
  it('draws everything when the list is short', () => {
    expect(boundOptions(tables.slice(0, 5), '', true)).toEqual({ shown: tables.slice(0, 5), more: 0 })
  })
})
