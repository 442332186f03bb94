/**
 * Each project's Data API settings (exposed schemas, extra search path, max rows), kept in the platform store
 * (table _studio.rest_config, created on first use). Only what differs from the defaults is stored, so a
 * default changed in a later version reaches projects that never set it. Read through a short cache: every
 * REST request reads it.
 */
import { REST_DEFAULT_EXTRA_SEARCH_PATH, REST_DEFAULT_MAX_ROWS, REST_DEFAULT_SCHEMAS } from '../../shared/constants'
import { RestConfig } from '../../shared/rest'
import type { PlatformStore } from '../platform/store'

const CACHE_MS = 1000

const TABLE = `
create table if not exists _studio.rest_config (
  ref text primary key,
  config jsonb not null default '{}',
  updated_at timestamptz not null default now()
);`

export const defaultRestConfig = (): RestConfig => ({
  schemas: [...REST_DEFAULT_SCHEMAS],
  extraSearchPath: [...REST_DEFAULT_EXTRA_SEARCH_PATH],
  maxRows: REST_DEFAULT_MAX_ROWS,
})

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export class RestConfigStore {
  private readonly cache = new Map<string, { at: number; config: Promise<RestConfig> }>()
  private table: Promise<void> | undefined

  constructor(private readonly store: PlatformStore) {}

  get(ref: string): Promise<RestConfig> {
    const hit = this.cache.get(ref)
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.config
    const config = this.read(ref)
    config.catch(() => this.cache.delete(ref))
    this.cache.set(ref, { at: Date.now(), config })
    return config
  }

  /** Applies a validated patch and answers the whole configuration. */
  async set(ref: string, patch: Partial<RestConfig>): Promise<RestConfig> {
    const next = RestConfig.parse({ ...(await this.read(ref)), ...patch })
    const defaults = defaultRestConfig()
    const stored = Object.fromEntries(Object.entries(next).filter(([k, v]) => !same(v, defaults[k as keyof RestConfig])))
    const db = await this.ready()
    await db.query(
      `insert into _studio.rest_config (ref, config) values ($1, $2::jsonb)
       on conflict (ref) do update set config = excluded.config, updated_at = now()`,
      [ref, JSON.stringify(stored)],
    )
    this.cache.delete(ref)
    return this.get(ref)
  }

  private async read(ref: string): Promise<RestConfig> {
    const db = await this.ready()
    const row = (await db.query<{ config: unknown }>('select config from _studio.rest_config where ref = $1', [ref])).rows[0]
    // a stored value a later version no longer accepts falls back to its default
    const stored = RestConfig.partial().safeParse(row?.config ?? {})
    return { ...defaultRestConfig(), ...(stored.success ? stored.data : {}) }
  }

  /** the store, with the table created once (idempotent; an advisory lock keeps two studios apart) */
  private async ready() {
    const db = await this.store.get()
    this.table ??= db
      .transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext('_studio rest tables'))`)
        await tx.exec(TABLE)
      })
      .catch((e: unknown) => {
        this.table = undefined
        throw e
      })
    await this.table
    return db
  }
}
