import { describe, expect, it } from 'vitest'
import { defineCommand, lazyRun, setCommandContext } from '../../commands/registry'
import { dispatchKey } from '../../src/web/keys/dispatch'
import type { CommandContext } from '../../src/web/model/app/context'

describe('keys pressed while a command body loads', () => {
  it('act in order: the second key is judged only once the first has acted', async () => {
    const state = { cursor: 0, opened: [] as number[] }
    let release!: () => void
    const loaded = new Promise<void>((r) => (release = r))
    const load = () => loaded.then(() => ({ down: () => void (state.cursor += 1) }))
    setCommandContext(() => ({}) as CommandContext)
    defineCommand({ id: 'test.queue.down', title: 'Down', area: 'app', run: lazyRun(load, 'down') })
    defineCommand({
      id: 'test.queue.open', title: 'Open', area: 'app',
      when: () => state.cursor > 0, // needs the first key's effect
      run: () => void state.opened.push(state.cursor),
    })
    expect(dispatchKey('test.queue.down')).toBe(true)
    expect(dispatchKey('test.queue.open')).toBe(true) // judged later, not now (cursor is still 0)
    expect(state).toEqual({ cursor: 0, opened: [] })
    release()
    await expect.poll(() => state.opened).toEqual([1])
    // once loaded, keys act at once again
    expect(dispatchKey('test.queue.down')).toBe(true)
    expect(state.cursor).toBe(2)
  })
})
