/** The main thread's side of pglite-worker.mjs: one worker holding one PGlite, its calls by id, its end. */
import { Worker } from 'node:worker_threads'
import { SESSION_SETTINGS } from './driver'

/**
 * The calls' start flags, shared with the worker: a call's slot (its id modulo SLOTS) holds its id while it
 * waits in the worker's queue; the worker swaps that for -1 (started) when it starts the call, the server's thread
 * for SKIPPED when the call's deadline passes first. Whichever swap comes first wins, so a call that timed out
 * never runs. A slot is taken again only SLOTS calls later; a late message that finds another id there was
 * skipped (its call is over), so it does not run either.
 */
const SLOTS = 4096
const SKIPPED = 0
/** ids stay positive 31-bit integers (an Int32Array slot holds one) */
const MAX_ID = 0x3fffffff
import type { Field } from './values'

/** One statement's result as the worker sends it: every value as text. */
export interface WireResult {
  rows: unknown[][]
  fields: Field[]
  rowCount: number
  command: string
}
/** A statement of a 'batch': run in one transaction, in order (see Driver.batch). */
export interface WireStatement {
  sql: string
  params: (string | null)[]
}

type Reply = { id: number; results: WireResult[] } | { id: number; error: Record<string, unknown> }
interface Call {
  resolve(r: WireResult[]): void
  reject(e: Error): void
  timer?: NodeJS.Timeout
}
/** A call that must not start after `deadline` (performance.now() clock): it fails with `error()` instead. */
export interface Deadline {
  at: number
  error(): Error
}
type Ready = { ready: true } | { ready: false; error: Record<string, unknown> }

/** An error from the worker, rebuilt with its fields (code, severity, position…) so isDatabaseError sees it. */
const rebuild = ({ message, ...fields }: Record<string, unknown>) => Object.assign(new Error(String(message)), fields)

/** The main thread's handle on one worker and the PGlite it holds. */
export class PgliteWorker {
  readonly #worker: Worker
  readonly #pending = new Map<number, Call>()
  readonly #slots = new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT))
  #next = 1
  #crash: Error | undefined
  alive = true
  /** settles once the thread has stopped, for whatever reason */
  readonly exited: Promise<void>
  readonly ready: Promise<void>

  static async open(dir: string): Promise<PgliteWorker> {
    const w = new PgliteWorker(dir)
    await w.ready
    return w
  }

  private constructor(dir: string) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, settings: SESSION_SETTINGS, slots: this.#slots.buffer } })
    let opened!: (ready: Ready) => void
    const ready = new Promise<Ready>((resolve) => (opened = resolve))
    this.#worker.on('message', (m: Ready | Reply) => {
      if ('ready' in m) return opened(m)
      const call = this.#pending.get(m.id)
      this.#pending.delete(m.id)
      clearTimeout(call?.timer)
      if (!this.#pending.size) this.#worker.unref() // an idle worker keeps no process alive
      if ('error' in m) call?.reject(rebuild(m.error))
      else call?.resolve(m.results)
    })
    this.#worker.on('error', (e) => (this.#crash = e)) // an uncaught error in the worker; 'exit' follows
    this.exited = new Promise((resolve) =>
      this.#worker.once('exit', () => {
        this.alive = false
        for (const call of this.#pending.values()) call.reject(this.#crash ?? new Error('The database worker stopped'))
        this.#pending.clear()
        opened({ ready: false, error: { message: this.#crash?.message ?? 'The database worker stopped while opening' } })
        resolve()
      }),
    )
    this.ready = ready.then(async (m) => {
      if (m.ready) return void this.#worker.unref()
      await this.terminate()
      throw rebuild(m.error)
    })
  }

  /**
   * One call; `data` is the input of a 'copy' (a COPY … FROM '/dev/blob'), copied to the worker; `reset` is what
   * a 'script' runs after its sql, whatever the sql did. Calls run in the order they were made, one at a time;
   * one with a `deadline` that has not started by then never runs. A 'batch' runs `statements` between BEGIN and
   * COMMIT (ROLLBACK when `sql` is 'rollback').
   */
  request(
    op: 'query' | 'exec' | 'script' | 'copy' | 'batch' | 'close', sql = '', params: (string | null)[] = [],
    { data, reset, deadline, statements }: { data?: Uint8Array; reset?: string; deadline?: Deadline; statements?: WireStatement[] } = {},
  ): Promise<WireResult[]> {
    if (!this.alive) return Promise.reject(this.#crash ?? new Error('The database worker stopped'))
    const id = this.#next
    this.#next = id >= MAX_ID ? 1 : id + 1
    const slot = id % SLOTS
    Atomics.store(this.#slots, slot, id)
    this.#worker.ref()
    this.#worker.postMessage({ id, slot, op, sql, params, data, reset, statements })
    return new Promise((resolve, reject) => {
      const call: Call = { resolve, reject }
      if (deadline) {
        call.timer = setTimeout(() => {
          if (Atomics.compareExchange(this.#slots, slot, id, SKIPPED) !== id) return // started: it runs to its end
          this.#pending.delete(id)
          if (!this.#pending.size) this.#worker.unref()
          reject(deadline.error())
        }, Math.max(0, deadline.at - performance.now()))
      }
      this.#pending.set(id, call)
    })
  }

  /** Stops the thread at once, even inside a query (pending calls reject). */
  async terminate(): Promise<void> {
    await this.#worker.terminate()
    await this.exited
  }

  async close(): Promise<void> {
    await this.request('close')
    await this.terminate()
  }
}
