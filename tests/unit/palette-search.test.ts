/**
 * The palette's search text and the query it rests into: options the server searches (a command's
 * argSearch) are asked for `palette.query`, which follows the typed text once it has rested for
 * PALETTE_QUERY_DEBOUNCE_MS, the one debounce; clearing the text, a new step or closing clears it at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { defineCommand } from '../../commands/registry'
import {
  PALETTE_QUERY_DEBOUNCE_MS, answerStep, backStep, closePalette, openPalette, palette, setPaletteSearch,
} from '../../src/web/model/app/palette'
import { argSteps } from '../../src/web/palette/steps'

describe('palette query', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    openPalette('test.search.pick')
  })
  afterEach(() => {
    closePalette()
    vi.useRealTimers()
  })

  it('follows the typed text, trimmed, once it rests', () => {
    setPaletteSearch('ma')
    setPaletteSearch('many_')
    vi.advanceTimersByTime(PALETTE_QUERY_DEBOUNCE_MS - 1)
    expect(palette).toMatchObject({ search: 'many_', query: '' })
    setPaletteSearch(' many_1999 ')
    vi.advanceTimersByTime(PALETTE_QUERY_DEBOUNCE_MS - 1)
    expect(palette.query).toBe('')
    vi.advanceTimersByTime(1)
    expect(palette).toMatchObject({ search: ' many_1999 ', query: 'many_1999' })
  })

  it('clears at once when the text is cleared, and a pending query never lands after it', () => {
    setPaletteSearch('orders')
    vi.advanceTimersByTime(PALETTE_QUERY_DEBOUNCE_MS)
    setPaletteSearch('ord')
    setPaletteSearch('')
    expect(palette.query).toBe('')
    vi.advanceTimersByTime(PALETTE_QUERY_DEBOUNCE_MS)
    expect(palette.query).toBe('')
  })

  it('starts empty on each step, going back and after closing', () => {
    for (const leave of [() => answerStep({ value: 1, label: 'one' }), backStep, closePalette, () => openPalette()]) {
      setPaletteSearch('orders')
      vi.advanceTimersByTime(PALETTE_QUERY_DEBOUNCE_MS)
      expect(palette.query).toBe('orders')
      setPaletteSearch('order')
      leave()
      expect(palette).toMatchObject({ search: '', query: '' })
      vi.advanceTimersByTime(PALETTE_QUERY_DEBOUNCE_MS)
      expect(palette.query).toBe('')
    }
  })
})

describe('argSteps and argSearch', () => {
  const pick = defineCommand({
    id: 'test.search.pick',
    title: 'Pick',
    area: 'app',
    args: z.object({ table: z.string(), column: z.string(), mode: z.enum(['a', 'b']) }),
    argOptions: { table: (_ctx, _sofar, typed) => [{ value: typed?.query ?? '' }], column: () => [{ value: 'id' }] },
    argSearch: { table: true },
    run: () => undefined,
  })

  it('marks the steps whose options the server searches, and only those', () => {
    const [table, column, mode] = argSteps(pick)
    expect(table).toMatchObject({ kind: 'choice', searched: true })
    expect(column?.searched).toBeUndefined()
    expect(mode?.searched).toBeUndefined()
  })
})
