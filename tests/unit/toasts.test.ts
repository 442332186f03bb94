/** Toasts: at most MAX_TOASTS show, a repeated message is counted rather than stacked, progress toasts stay. */
import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_TOASTS, dismissToast, pushProgressToast, pushToast, toasts } from '../../src/web/model/app/toasts'

const shown = () => toasts.items.map((t) => `${t.message}${t.count > 1 ? ` ×${t.count}` : ''}`)

describe('toasts', () => {
  beforeEach(() => {
    toasts.items = []
  })

  it(`shows at most ${MAX_TOASTS}, the oldest going first`, () => {
    for (const m of ['a', 'b', 'c', 'd', 'e']) pushToast('error', m)
    expect(shown()).toEqual(['c', 'd', 'e'])
  })

  it('counts a message already showing, moving it up as the newest', () => {
    pushToast('error', 'a')
    pushToast('error', 'b')
    const id = pushToast('error', 'a')
    pushToast('error', 'a')
    expect(shown()).toEqual(['b', 'a ×3'])
    expect(toasts.items.at(-1)?.id).toBe(id)
    pushToast('success', 'a')
    expect(shown()).toEqual(['b', 'a ×3', 'a'])
  })

  it('keeps a running progress toast, dropping finished messages instead', () => {
    const progress = pushProgressToast('Uploading…')
    for (const m of ['a', 'b', 'c']) pushToast('info', m)
    expect(shown()).toEqual(['Uploading…', 'b', 'c'])
    dismissToast(progress)
    expect(shown()).toEqual(['b', 'c'])
  })
})
