/** The main thread's side of pglite-worker.mjs: one worker holding one PGlite, its calls by id, its end. */
import { Worker } from 'node:worker_threads'
import { SESSION_SETTINGS } from './driver'
import type { Field } from './values'

/** One statement's result as the worker sends it: every value as text. */
export interface WireResult {
  rows: unknown[][]
  fields: Field[]
  rowCount: number
  command: string
}
type Reply = { id: number; results: WireResult[] } | { id: number; error: Record<string, unknown> }
type Ready = { ready: true } | { ready: false; error: Record<string, unknown> }

/** An error from the worker, rebuilt with its fields (code, severity, position…) so isDatabaseError sees it. */
const rebuild = ({ message, ...fields }: Record<string, unknown>) => Object.assign(new Error(String(message)), fields)

/** The main thread's handle on one worker and the PGlite it holds. */
export class PgliteWorker {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve(r: WireResult[]): void; reject(e: Error): void }>()
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
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, settings: SESSION_SETTINGS } })
    let opened!: (ready: Ready) => void
    const ready = new Promise<Ready>((resolve) => (opened = resolve))
    this.#worker.on('message', (m: Ready | Reply) => {
      if ('ready' in m) return opened(m)
      const call = this.#pending.get(m.id)
      this.#pending.delete(m.id)
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
   * a 'script' runs after its sql, whatever the sql did.
   */
  request(
    op: 'query' | 'exec' | 'script' | 'copy' | 'close', sql = '', params: (string | null)[] = [], data?: Uint8Array, reset?: string,
  ): Promise<WireResult[]> {
    if (!this.alive) return Promise.reject(this.#crash ?? new Error('The database worker stopped'))
    const id = this.#next++
    this.#worker.ref()
    this.#worker.postMessage({ id, op, sql, params, data, reset })
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }))
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
