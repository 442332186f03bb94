/**
 * Command calls are typed by id (DESIGN.md section 4): `tsc --noEmit` checks this file, so each
 * `@ts-expect-error` below is a call that must NOT compile (tsc fails on an unused one). The calls go to
 * no-op stand-ins with the real signatures: nothing runs, vitest only sees the file load.
 */
import { describe, expectTypeOf, it } from 'vitest'
import type { ArgsOf, CommandCall, CommandId, ResultOf, run as appRun } from '../../commands/all'
import type { defaultKeymap } from '../../keymaps/default'
import type { Snippet } from '../../src/shared/content'
import type { press as webPress } from '../../src/web/commands-run'
import type { run as testRun, runUnchecked as testRunUnchecked } from '../support/run'

const noop = () => Promise.resolve() as never
const press = noop as unknown as typeof webPress
const run = noop as unknown as typeof appRun
const runInTest = noop as unknown as typeof testRun
const runUnchecked = noop as unknown as typeof testRunUnchecked

describe('command calls are checked by id', () => {
  it('press checks the args against the schema', () => {
    press('sql.snippet.rename', { name: 'Renamed' })
    press('sql.snippet.rename', { id: 'abc', name: 'Renamed' })
    // @ts-expect-error name is a string
    press('sql.snippet.rename', { name: 42 })
    // @ts-expect-error name is required
    press('sql.snippet.rename', { id: 'abc' })
    // @ts-expect-error the args are required when the schema requires something
    press('sql.snippet.rename')
    // @ts-expect-error no such argument
    press('sql.snippet.rename', { name: 'x', title: 'y' })
    // @ts-expect-error no such command
    press('sql.snippet.renme', { name: 'x' })
  })

  it('a command without args takes none', () => {
    press('app.theme.toggle')
    press('app.theme.toggle', {})
    // @ts-expect-error it has no arguments
    press('app.theme.toggle', { dark: true })
    // optional args only: may be left out
    press('sql.snippet.favorite')
  })

  it('run checks the args and the source, and resolves to the command result', () => {
    expectTypeOf(run('sql.snippet.new', { name: 'n', sql: 'select 1' })).toEqualTypeOf<Promise<Snippet | undefined>>()
    expectTypeOf(run('sql.snippet.new')).toEqualTypeOf<Promise<Snippet | undefined>>()
    void run('sql.snippet.rename', { name: 'x' }, 'keys')
    // @ts-expect-error name is a string
    void run('sql.snippet.rename', { name: 42 }, 'button')
    // @ts-expect-error missing name
    void run('sql.snippet.rename', {}, 'button')
    // @ts-expect-error no such source
    void run('sql.snippet.rename', { name: 'x' }, 'mouse')
  })

  it('the tests run the same way; wrong args on purpose go through runUnchecked', () => {
    expectTypeOf(runInTest('sql.snippet.new')).toEqualTypeOf<Promise<Snippet | undefined>>()
    // @ts-expect-error name is a string
    void runInTest('sql.snippet.rename', { name: 42 })
    // @ts-expect-error name is required
    void runInTest('sql.snippet.rename')
    void runUnchecked('sql.snippet.rename', { name: 42 })
  })

  it('ArgsOf is what a caller passes (zod input), ResultOf what run resolves to', () => {
    expectTypeOf<ArgsOf<'sql.snippet.rename'>>().toEqualTypeOf<{ id?: string | undefined; name: string }>()
    expectTypeOf<ArgsOf<'app.theme.toggle'>>().toEqualTypeOf<Record<string, never>>()
    expectTypeOf<ResultOf<'sql.snippet.new'>>().toEqualTypeOf<Snippet | undefined>()
    expectTypeOf<'sql.snippet.rename'>().toExtend<CommandId>()
    expectTypeOf<'sql.snippet.renme'>().not.toExtend<CommandId>()
  })

  it('a call list pairs each id with its own args', () => {
    const calls: CommandCall<'grid.filter.remove' | 'grid.sort.remove'>[] = [['grid.filter.remove', { filter: 'a:eq:1' }]]
    // @ts-expect-error grid.sort.remove takes a column, not a filter
    calls.push(['grid.sort.remove', { filter: 'a:eq:1' }])
    expectTypeOf(calls).toBeArray()
  })

  it('the default keymap is keyed by command id', () => {
    expectTypeOf<keyof typeof defaultKeymap>().toExtend<CommandId>()
  })
})
