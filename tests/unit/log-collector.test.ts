/**
 * The collector (issue 16): events wait in memory and are written one batch per source; a batch the store
 * cannot reach waits for the next flush, a batch the database refuses as data is dropped (and counted) so it
 * does not block the source.
 */
import { describe, expect, it } from 'vitest'
import { LogCollector } from '../../src/server/logs/collector'
import type { LogStore } from '../../src/server/logs/store'
import type { LogEvent, LogSource } from '../../src/shared/logs'

/** A store that answers each write with the next outcome given (then succeeds), and keeps what it took. */
function fakeStore(outcomes: (Error | null)[]) {
  const written: { source: LogSource; messages: string[] }[] = []
  const store = {
    async write(source: LogSource, events: readonly LogEvent[]) {
      const outcome = outcomes.shift()
      if (outcome) throw outcome
      written.push({ source, messages: events.map((e) => e.event_message) })
    },
  } as unknown as LogStore
  return { store, written }
}

const dbError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' })

describe('log collector', () => {
  it('writes one batch per source when flushed', async () => {
    const { store, written } = fakeStore([])
    const logs = new LogCollector(store, { flushMs: 60_000 })
    logs.record('edge', 'a', {})
    logs.record('auth', 'b', {})
    logs.record('edge', 'c', {})
    await logs.flush()
    expect(written).toEqual([{ source: 'edge', messages: ['a', 'c'] }, { source: 'auth', messages: ['b'] }])
    await logs.close()
  })

  it('keeps a batch the store could not take for the next flush, in order', async () => {
    const { store, written } = fakeStore([new Error('connect ECONNREFUSED')])
    const logs = new LogCollector(store, { flushMs: 60_000 })
    logs.record('edge', 'first', {})
    await logs.flush()
    expect(written).toEqual([])
    logs.record('edge', 'second', {})
    await logs.flush()
    expect(written).toEqual([{ source: 'edge', messages: ['first', 'second'] }])
    expect(logs.dropped).toBe(0)
    await logs.close()
  })

  it('drops a batch the database refuses as data, and goes on with the next', async () => {
    const { store, written } = fakeStore([dbError('22P05', 'unsupported Unicode escape sequence')])
    const logs = new LogCollector(store, { flushMs: 60_000 })
    logs.record('edge', 'refused', {})
    await logs.flush()
    logs.record('edge', 'kept', {})
    await logs.flush()
    expect(written).toEqual([{ source: 'edge', messages: ['kept'] }])
    expect(logs.dropped).toBe(1)
    await logs.close()
  })

  it('drops the oldest past the queue cap, and counts them', async () => {
    const { store, written } = fakeStore([])
    const logs = new LogCollector(store, { flushMs: 60_000, queueMax: 3, batchMax: 100 })
    for (const m of ['1', '2', '3', '4', '5']) logs.record('storage', m, {})
    await logs.flush()
    expect(written).toEqual([{ source: 'storage', messages: ['3', '4', '5'] }])
    expect(logs.dropped).toBe(2)
    await logs.close()
  })
})
