/**
 * The log store: in the platform store (never the project's database), a schema per project `_logs_<ref>`
 * with a table per source (`edge_events`, …) partitioned by day on `timestamp`, so retention drops whole
 * partitions, and indexed on `timestamp` (a time range is the first thing every logs query narrows by).
 *
 * Each source is read through a view named as Supabase names it (`edge_logs`, …; shared/logs.ts) that keeps
 * the rows inside the query's time range, given as the transaction's settings `studio_logs.start` and
 * `studio_logs.end` (partitions outside the range are pruned when the query starts). Logs queries run as the
 * role `_studio_logs_reader`, which may read these views and nothing else of the store (see query.ts).
 */
import { LOG_SOURCES, LOG_STATUS_SQL, LOG_VIEWS, logMinutesView, type LogEvent, type LogSource } from '../../shared/logs'
import { quoteIdent } from '../../shared/sql-quote'
import type { Driver, Queryable } from '../db/driver'

/** The role logs queries run as: no login, no rights but reading the source views. */
export const LOGS_READER_ROLE = '_studio_logs_reader'

export const logSchema = (ref: string) => `_logs_${ref}`
const table = (source: LogSource) => `${source}_events`
/** a source's per-minute counts, kept as its events are written: the histogram reads these, not the events */
const minutes = (source: LogSource) => `${source}_minutes`

/** Per minute of the rows `from` names (columns timestamp and metadata): events, errors, warnings. */
const countsSql = (source: LogSource, from: string) => `
  select date_trunc('minute', timestamp) as minute, count(*)::int as total,
         count(*) filter (where ${LOG_STATUS_SQL[source].error})::int as errors,
         count(*) filter (where ${LOG_STATUS_SQL[source].warning})::int as warnings
    from ${from} group by 1`
const DAY_MS = 86_400_000

/** 2026-11-25 (UTC) for a time */
const dayOf = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10)
/** the partition of a source's table for one day: edge_events_20261125 */
const partitionName = (source: LogSource, day: string) => `${table(source)}_${day.replaceAll('-', '')}`

function schemaSql(ref: string): string {
  const s = quoteIdent(logSchema(ref))
  const reader = quoteIdent(LOGS_READER_ROLE)
  const within = `timestamp >= coalesce(nullif(current_setting('studio_logs.start', true), '')::timestamptz, '-infinity')
      and timestamp < coalesce(nullif(current_setting('studio_logs.end', true), '')::timestamptz, 'infinity')`
  return [
    // roles are the server's, not one database's: studios on other databases of the server may make it at the same moment
    `do $$ begin
       if not exists (select from pg_roles where rolname = '${LOGS_READER_ROLE}') then create role ${reader} nologin; end if;
     exception when duplicate_object or unique_violation then null;
     end $$`,
    `create schema if not exists ${s}`,
    `grant usage on schema ${s} to ${reader}`,
    ...LOG_SOURCES.flatMap((source) => [
      `create table if not exists ${s}.${table(source)} (
         id uuid not null default gen_random_uuid(),
         timestamp timestamptz not null,
         event_message text not null,
         metadata jsonb not null default '{}'
       ) partition by range (timestamp)`,
      `create index if not exists ${table(source)}_timestamp on ${s}.${table(source)} (timestamp)`,
      `create or replace view ${s}.${LOG_VIEWS[source]} as
         select id, timestamp, event_message, metadata from ${s}.${table(source)} where ${within}`,
      `grant select on ${s}.${LOG_VIEWS[source]} to ${reader}`,
      `create table if not exists ${s}.${minutes(source)} (
         minute timestamptz primary key, total int not null, errors int not null, warnings int not null
       )`,
      `create or replace view ${s}.${logMinutesView(source)} as
         select minute, total, errors, warnings from ${s}.${minutes(source)}
          where minute >= date_trunc('minute', coalesce(nullif(current_setting('studio_logs.start', true), '')::timestamptz, '-infinity'))
            and minute < coalesce(nullif(current_setting('studio_logs.end', true), '')::timestamptz, 'infinity')`,
      `grant select on ${s}.${logMinutesView(source)} to ${reader}`,
    ]),
  ].join(';\n')
}

/** A NUL in a text (a request's path or header can hold one) as U+FFFD: jsonb and text cannot hold NUL. */
const withoutNul = (_key: string, value: unknown) => (typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value)

export interface LogStoreOptions {
  /** days of events kept (LOG_RETENTION_DAYS) */
  retentionDays: number
  /** the clock (tests move it) */
  now?: () => number
}

/** One project's log store on the platform store's database. */
export class LogStore {
  /** partitions known to exist, by name */
  readonly #partitions = new Set<string>()
  #ready: Promise<void> | undefined
  /** the UTC day retention last ran on */
  #sweptDay = ''
  readonly #now: () => number

  constructor(
    private readonly db: () => Promise<Driver>,
    readonly ref: string,
    private readonly opts: LogStoreOptions,
  ) {
    this.#now = opts.now ?? Date.now
  }

  /** Creates the schema, tables and views once (idempotent, safe beside another studio on one database). */
  ready(): Promise<void> {
    return (this.#ready ??= (async () => {
      const db = await this.db()
      await db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtext('_studio logs'))`)
        await tx.exec(schemaSql(this.ref))
      })
    })().catch((e: unknown) => {
      this.#ready = undefined // the next write tries again
      throw e
    }))
  }

  /** Writes one source's events (one statement per day they fall on); drops the days past retention once a day. */
  async write(source: LogSource, events: readonly LogEvent[]): Promise<void> {
    if (!events.length) return
    await this.ready()
    const db = await this.db()
    await this.sweep(db)
    const byDay = new Map<string, LogEvent[]>()
    for (const e of events) {
      const day = dayOf(Date.parse(e.timestamp))
      const list = byDay.get(day)
      if (list) list.push(e)
      else byDay.set(day, [e])
    }
    for (const [day, list] of byDay) {
      await this.partition(db, source, day)
      // the events, and their counts added to their minutes', in one statement
      const s = quoteIdent(logSchema(this.ref))
      await db.query(
        `with batch as (select t as timestamp, m as event_message, d as metadata from jsonb_to_recordset($1::jsonb) as x(t timestamptz, m text, d jsonb)),
           written as (insert into ${s}.${table(source)} (timestamp, event_message, metadata) select * from batch)
         insert into ${s}.${minutes(source)} (minute, total, errors, warnings) ${countsSql(source, 'batch')}
         on conflict (minute) do update set total = ${minutes(source)}.total + excluded.total,
           errors = ${minutes(source)}.errors + excluded.errors, warnings = ${minutes(source)}.warnings + excluded.warnings`,
        [JSON.stringify(list.map((e) => ({ t: e.timestamp, m: e.event_message, d: e.metadata })), withoutNul)],
      )
    }
  }

  /** The day's partition of a source's table, made when it is missing. */
  private async partition(db: Queryable, source: LogSource, day: string): Promise<void> {
    const name = partitionName(source, day)
    if (this.#partitions.has(name)) return
    const s = quoteIdent(logSchema(this.ref))
    const next = dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS)
    try {
      await db.exec(
        `create table if not exists ${s}.${name} partition of ${s}.${table(source)}
           for values from ('${day} 00:00:00+00') to ('${next} 00:00:00+00')`,
      )
    } catch (e) {
      // another studio on this database made it at the same moment
      if (!/already exists/.test((e as Error).message)) throw e
    }
    this.#partitions.add(name)
  }

  /** Drops every day partition whose whole day is older than the retention (once per UTC day). */
  async sweep(db?: Queryable): Promise<string[]> {
    const today = dayOf(this.#now())
    if (today === this.#sweptDay) return []
    this.#sweptDay = today
    const q = db ?? (await this.db())
    const oldest = dayOf(this.#now() - this.opts.retentionDays * DAY_MS)
    const { rows } = await q.query<{ name: string }>(
      `select c.relname as name from pg_inherits i
         join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 order by 1`,
      [logSchema(this.ref)],
    )
    for (const source of LOG_SOURCES) {
      await q.query(`delete from ${quoteIdent(logSchema(this.ref))}.${minutes(source)} where minute < $1::timestamptz`, [`${oldest}T00:00:00Z`])
    }
    const dropped: string[] = []
    for (const { name } of rows) {
      const m = /_(\d{4})(\d{2})(\d{2})$/.exec(name)
      // a partition of day D holds events of D only: it goes once D is before the oldest day kept
      if (!m || `${m[1]}-${m[2]}-${m[3]}` >= oldest) continue
      await q.exec(`drop table if exists ${quoteIdent(logSchema(this.ref))}.${quoteIdent(name)}`)
      this.#partitions.delete(name)
      dropped.push(name)
    }
    return dropped
  }

  /** Counts a source's minutes again from its events (after events were written around write(): a bench's fill). */
  async recount(source: LogSource): Promise<void> {
    await this.ready()
    const s = quoteIdent(logSchema(this.ref))
    await (await this.db()).exec(
      `delete from ${s}.${minutes(source)};
       insert into ${s}.${minutes(source)} (minute, total, errors, warnings) ${countsSql(source, `${s}.${table(source)}`)}`,
    )
  }

  /** Tests: retention runs again at the next write or sweep. */
  resetSweep(): void {
    this.#sweptDay = ''
  }
}
