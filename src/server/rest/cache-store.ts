/**
 * The schema caches, one per project and set of exposed schemas, loaded from the catalog (catalog-load.ts)
 * and kept until it changes: while requests arrive, at most once per CHECK_INTERVAL_MS a background query of
 * the catalog's fingerprint decides whether to read it again (so a table made in the SQL editor or psql is
 * seen within about a second); `reload` reads it again at once. Concurrent loads share one promise.
 */
import type { RestConfig } from '../../shared/rest'
import type { Driver } from '../db/driver'
import { FINGERPRINT_SQL, loadSchemaCache, XMAX_CHECK_SQL, type LoadedSchemaCache } from './catalog-load'
import type { SchemaCache } from './schema-cache'

/** How often, at most, the catalog fingerprint is checked while requests arrive. */
export const CHECK_INTERVAL_MS = 1000

interface Entry {
  current?: LoadedSchemaCache
  loading?: Promise<LoadedSchemaCache>
  /** a load asked for while another ran: it starts when that one ends (which may predate the change it is for) */
  queued?: Promise<LoadedSchemaCache>
  checking?: Promise<void>
  checkedAt: number
}

export class SchemaCaches {
  readonly #entries = new Map<string, Entry>()

  constructor(private readonly db: Driver) {}

  /** The cache of `ref` for `config.schemas`; `reload`: read the catalog again first. */
  async get(ref: string, config: RestConfig, opts: { reload?: boolean } = {}): Promise<SchemaCache> {
    const key = `${ref}\0${config.schemas.join('\0')}`
    let entry = this.#entries.get(key)
    if (!entry) {
      entry = { checkedAt: Date.now() }
      this.#entries.set(key, entry)
    }
    if (opts.reload) return this.#fresh(entry, config.schemas)
    if (!entry.current) return this.#load(entry, config.schemas)
    if (!entry.checking && !entry.loading && Date.now() - entry.checkedAt >= CHECK_INTERVAL_MS) {
      entry.checkedAt = Date.now()
      const e = entry
      e.checking = this.#check(e, config.schemas).finally(() => {
        e.checking = undefined
      })
    }
    return entry.current
  }

  /** Forgets every cache (the next request of each project reads the catalog again). */
  clear(): void {
    this.#entries.clear()
  }

  /** A load that starts now or, when one is running, right after it: it reads the catalog as it is from now on. */
  #fresh(entry: Entry, schemas: readonly string[]): Promise<LoadedSchemaCache> {
    if (!entry.loading) return this.#load(entry, schemas)
    if (!entry.queued) {
      const queued = entry.loading
        .catch(() => undefined)
        .then(() => {
          entry.queued = undefined
          return this.#load(entry, schemas)
        })
      entry.queued = queued
    }
    return entry.queued
  }

  #load(entry: Entry, schemas: readonly string[]): Promise<LoadedSchemaCache> {
    if (entry.loading) return entry.loading
    const loading = this.db
      .transaction((tx) => loadSchemaCache(tx, schemas))
      .then((cache) => {
        entry.current = cache
        entry.checkedAt = Date.now()
        return cache
      })
      .finally(() => {
        if (entry.loading === loading) entry.loading = undefined
      })
    entry.loading = loading
    return loading
  }

  async #check(entry: Entry, schemas: readonly string[]): Promise<void> {
    try {
      const current = entry.current
      if (!current) return
      const x = String((await this.db.query<{ x: string }>(XMAX_CHECK_SQL)).rows[0]?.x)
      if (x === current.xmax) return
      // something was written: the catalog, or only data (then the next check compares with this id)
      const fp = String((await this.db.query<{ fp: string }>(FINGERPRINT_SQL)).rows[0]?.fp)
      if (fp !== current.fingerprint) await this.#load(entry, schemas)
      else current.xmax = x
    } catch {
      // a failed check (database busy or closing) is tried again on a later request
    }
  }
}
