/**
 * Run bodies that load on first use (commands/registry.ts, `lazyRun`): a command declared with one runs
 * like an inline one, its module loads once, a loaded body starts synchronously, the app can load an
 * area's bodies ahead, and the result type still comes from the body.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { ResultOf } from '../../commands/all'
import { defineCommand, lazyRun, preloadBodies, runCommand, setCommandContext } from '../../commands/registry'
import type { CommandContext } from '../../src/web/model/app/context'

setCommandContext(() => ({}) as CommandContext)

const Args = z.object({ n: z.number() })
const started: number[] = []
let loads = 0

/** A run module: what `() => import('./x.run')` resolves to. */
const bodies = {
  double: async (_ctx: CommandContext, { n }: z.infer<typeof Args>) => {
    started.push(n)
    await Promise.resolve()
    return n * 2
  },
  fail: () => {
    throw new Error('no')
  },
}
const load = () => {
  loads++
  return Promise.resolve(bodies)
}

const double = defineCommand({ id: 'test-lazy.double', title: 'Double', area: 'app', args: Args, run: lazyRun(load, 'double') })
defineCommand({ id: 'test-lazy.fail', title: 'Fail', area: 'app', run: lazyRun(load, 'fail') })
const otherLoad = () => Promise.resolve({ other: () => 'other' })
let otherLoaded = false
defineCommand({
  id: 'test-lazy.other',
  title: 'Other',
  area: 'storage',
  run: lazyRun(() => ((otherLoaded = true), otherLoad()), 'other'),
})

describe('lazyRun', () => {
  it('loads the body on first use, once, and validates the args first', async () => {
    await expect(runCommand('test-lazy.double', { n: 'x' })).rejects.toMatchObject({ kind: 'invalid-args' })
    expect(loads).toBe(0)
    expect(await runCommand('test-lazy.double', { n: 2 })).toBe(4)
    expect(await runCommand('test-lazy.double', { n: 3 })).toBe(6)
    expect(loads).toBe(1)
  })

  it('starts a loaded body synchronously, like an inline one', () => {
    const running = runCommand('test-lazy.double', { n: 5 })
    // runCommand checks and parses synchronously: the body has begun before anything is awaited
    expect(started.at(-1)).toBe(5)
    return expect(running).resolves.toBe(10)
  })

  it('reports a body that throws as a rejection', async () => {
    await expect(runCommand('test-lazy.fail')).rejects.toThrow('no')
  })

  it('preloads the bodies of the areas asked for only', async () => {
    await preloadBodies('app')
    expect(otherLoaded).toBe(false)
    await preloadBodies('storage')
    expect(otherLoaded).toBe(true)
  })

  it('keeps the result type of the body', () => {
    expectTypeOf<Awaited<ReturnType<typeof double.run>>>().toEqualTypeOf<number>()
    expectTypeOf<ResultOf<'grid.import.csv'>>().toEqualTypeOf<{ tableId: number; rows: number }>()
    expectTypeOf<ResultOf<'grid.export.csv'>>().toEqualTypeOf<string>()
    expectTypeOf<ResultOf<'table-editor.table.delete'>>().toEqualTypeOf<boolean>()
  })
})
