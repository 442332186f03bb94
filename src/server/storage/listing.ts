/**
 * Folder listings: the entries one level under a prefix, files and folders (a folder is every key that
 * continues past the prefix with a '/'). Sorted by name without a search, a page walks the entries in order
 * on the (bucket_id, replace(name, '/', chr(1)) collate "C") index, jumping over each subfolder's keys:
 * with a keyset cursor (startAfter, the dashboard's) it starts at the cursor's key and reads about limit
 * entries whatever the page; with an offset (storage-js) it stops after offset + limit entries, the ones
 * before the page counted in the database in one round trip and not sent. A search or a sort by a time
 * column reads the prefix's range of the (bucket_id, name collate "C") index and groups it.
 */
import type { Impersonation } from '../../shared/api'
import { STORAGE_EMPTY_FOLDER_PLACEHOLDER, STORAGE_SORT_COLUMNS, type StorageSortColumn } from '../../shared/constants'
import type { ObjectMetadata } from '../../shared/storage'
import type { Driver, Queryable } from '../db/driver'
import { iso } from './buckets'

export interface ListOptions {
  prefix: string
  limit: number
  offset: number
  search?: string
  sortBy?: { column: StorageSortColumn | string; order?: 'asc' | 'desc' | string }
  /** hide the empty-folder placeholder (the dashboard does) */
  hidePlaceholder?: boolean
  /** keyset paging by name without a search: the page starts after this entry and offset is not used */
  startAfter?: { name: string; folder: boolean }
}

export interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: ObjectMetadata | null
}

/** The folder prefix: '' for the root, else ending in exactly one '/'. */
export function folderPrefix(prefix: string): string {
  const p = prefix.replace(/^\/+/, '').replace(/\/+$/, '')
  return p ? `${p}/` : ''
}

/** The smallest text above every text starting with `prefix` (which ends in '/'), in "C" order. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + '0'
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&')

const ENTRY_DETAILS = `name, id, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
  ${iso('last_accessed_at')} as last_accessed_at, metadata`

export async function listFolder(db: Driver, who: Impersonation | undefined, bucketId: string, o: ListOptions): Promise<ListEntry[]> {
  const column = (STORAGE_SORT_COLUMNS as readonly string[]).includes(o.sortBy?.column ?? '') ? o.sortBy!.column : 'name'
  const order = o.sortBy?.order === 'desc' ? 'desc' : 'asc'
  if (column !== 'name' || o.search || !Number.isInteger(o.offset) || !Number.isInteger(o.limit)) return groupedPage(db, who, bucketId, o, column, order)
  const prefix = folderPrefix(o.prefix)
  const asc = order === 'asc'
  const after = o.startAfter
  return db.withRole(who, async (tx) => {
    const hide = o.hidePlaceholder ?? false
    let page: Walked[]
    if (after) {
      // Resume at the cursor's key. Only ascending after a folder can the walk give the cursor again (a
      // file of the same name sorts after its folder but its key before the folder's keys): dropped here.
      const key = keyOf(prefix + after.name)
      const from = asc ? key + (after.folder ? '' : '\x02') : key + (after.folder ? '\x01' : '')
      const walked = await walkEntries(tx, bucketId, prefix, asc, 0, o.limit + 2, hide, from)
      page = walked.filter((e) => !(asc && e.isFolder && e.entry === after.name)).slice(0, o.limit)
    } else {
      page = (await walkEntries(tx, bucketId, prefix, asc, o.offset, o.offset + o.limit + 1, hide)).slice(o.offset, o.offset + o.limit)
    }
    const files = page.filter((e) => !e.isFolder).map((e) => prefix + e.entry)
    const rows = files.length
      ? (await tx.query<ListEntry>(`select ${ENTRY_DETAILS} from storage.objects where bucket_id = $1 and name = any($2::text[])`, [bucketId, files])).rows
      : []
    const byName = new Map(rows.map((r) => [r.name, r]))
    return page.map(({ entry, isFolder }) => {
      const r = isFolder ? undefined : byName.get(prefix + entry)
      return {
        name: entry, id: r?.id ?? null, updated_at: r?.updated_at ?? null, created_at: r?.created_at ?? null,
        last_accessed_at: r?.last_accessed_at ?? null, metadata: r?.metadata ?? null,
      }
    })
  })
}

/**
 * The walk's key: the name with '/' as chr(1), compared byte by byte. Object keys hold no control
 * characters, so an entry's keys sort before every longer entry's; the one difference from the listing's
 * order (entry, folders first) is a file and a folder of the same name, which come out adjacent, file first.
 */
const KEY = `replace(name, '/', chr(1)) collate "C"`
const keyOf = (name: string) => name.replaceAll('/', '\x01')
const MIN_BATCH = 64
const MAX_BATCH = 1000
/** A batch that only counts entries before an offset's page may be longer: its rows stay in the database. */
const MAX_SKIP_BATCH = 50_000

type Walked = { entry: string; isFolder: boolean }
/** An entry before the page, counted but not read. */
const SKIPPED: Walked = { entry: '', isFolder: false }

/**
 * The first `need` entries under `prefix` in the listing's order. Two kinds of read, one per round trip:
 * a run of files reads a batch of keys (of which only the rows that matter come back: folders, the
 * placeholder, the batch's last row when full and the rows from one before the page on; the others are
 * counted), up to the first folder; where folders are dense, a recursive query hops entry by entry, each
 * hop one index probe past the previous entry's keys. `from` is the key to start at (asc: inclusive;
 * desc: exclusive).
 */
async function walkEntries(
  tx: Queryable, bucketId: string, prefix: string, asc: boolean, offset: number, need: number, hidePlaceholder: boolean, from?: string,
) {
  const low = keyOf(prefix)
  const high = prefix ? low.slice(0, -1) + '\x02' : undefined
  const dir = asc ? 'asc' : 'desc'
  // asc: keys from the cursor (inclusive) up to high; desc: keys below the cursor down to low.
  let cursor: string | undefined = from ?? (asc ? low : high)
  let hopping = false
  const out: Walked[] = []
  while (out.length < need) {
    const cap = !hopping && out.length < offset ? MAX_SKIP_BATCH : MAX_BATCH
    const size = Math.min(Math.max(need - out.length, MIN_BATCH), cap)
    const params: (string | number)[] = [bucketId]
    const $ = (value: string | number) => `$${params.push(value)}`
    const bound = (op: string, value: string | undefined) => (value === undefined ? [] : [`${KEY} ${op} ${$(value)}`])
    const range = (from: string | undefined) => (asc ? [...bound('>=', from), ...bound('<', high)] : [...bound('<', from), ...bound('>=', low)])
    let sql: string
    if (hopping) {
      const rest = `substr(hop.name, ${$(prefix.length + 1)})`
      const past = `case when strpos(${rest}, '/') > 0 then ${$(low)} || replace(split_part(${rest}, '/', 1), '/', chr(1)) || chr(${asc ? 2 : 1})
        else hop.k${asc ? ' || chr(1)' : ''} end`
      const next = asc ? [`${KEY} >= (${past})`, ...bound('<', high)] : [`${KEY} < (${past})`, ...bound('>=', low)]
      sql = `with recursive hop(name, k, n) as (
          (select name, ${KEY}, 1 from storage.objects where bucket_id = $1 and ${range(cursor).join(' and ')} order by ${KEY} ${dir} limit 1)
          union all
          select o.name, o.k, hop.n + 1 from hop cross join lateral (
            select name, ${KEY} as k from storage.objects where bucket_id = $1 and ${next.join(' and ')} order by ${KEY} ${dir} limit 1) o
          where hop.n < ${$(size)})
        select name, n::int as n from hop order by n`
    } else {
      const where = range(cursor).join(' and ')
      const skip = Math.max(offset - out.length - 1, 0)
      sql = `select name, n::int as n from (
          select name, substr(name, ${$(prefix.length + 1)}) as rest, row_number() over (order by k ${dir}) as n from (
            select name, ${KEY} as k from storage.objects where bucket_id = $1 and ${where} order by k ${dir} limit ${$(size)}) batch) numbered
        where n > ${$(skip)} or n = ${$(size)} or strpos(rest, '/') > 0 or rest = ${$(hidePlaceholder ? STORAGE_EMPTY_FOLDER_PLACEHOLDER : '')}
        order by n`
    }
    const { rows } = await tx.query<{ name: string; n: number }>(sql, params)
    let folders = 0
    let seen = 0
    for (const { name, n } of rows) {
      for (; seen < n - 1; seen++) out.push(SKIPPED)
      seen = n
      const rest = name.slice(prefix.length)
      const slash = rest.indexOf('/')
      if (slash < 0) {
        if (!(hidePlaceholder && rest === STORAGE_EMPTY_FOLDER_PLACEHOLDER)) out.push({ entry: rest, isFolder: false })
        cursor = asc ? keyOf(name) + '\x01' : keyOf(name)
        continue
      }
      const entry = rest.slice(0, slash)
      const before = out[out.length - 1]
      if (asc && before && before !== SKIPPED && !before.isFolder && before.entry === entry) out.splice(out.length - 1, 0, { entry, isFolder: true })
      else out.push({ entry, isFolder: true })
      // Past the folder's keys: they all start with its key and chr(1).
      cursor = low + keyOf(entry) + (asc ? '\x02' : '\x01')
      folders++
      // A batch is good up to its first folder only; hops are all good.
      if (!hopping) break
    }
    if (seen < size && !(folders && !hopping)) break
    // Hop where folders are close together, read batches through runs of files.
    hopping = hopping ? folders > 0 : seen < size / 2
  }
  return out
}

/** A page by grouping the prefix's whole range of names: for a search or a sort by a time column. */
async function groupedPage(db: Driver, who: Impersonation | undefined, bucketId: string, o: ListOptions, column: string, order: 'asc' | 'desc') {
  const prefix = folderPrefix(o.prefix)
  const range = prefix
    ? `and name collate "C" >= $2 collate "C" and name collate "C" < $3 collate "C"`
    : `and $2::text = $2 and $3::text = $3`
  // First the page of entry names (cheap: names only), then the files' details for that page alone.
  const sortKey = column === 'name' ? 'null::timestamptz' : `max(case when is_folder then null else ${column} end)`
  const orderBy = column === 'name'
    ? `entry collate "C" ${order}, is_folder desc`
    : `is_folder desc, sort_key ${order} nulls last, entry collate "C"`
  const sql = `
    with entries as (
      select split_part(substr(name, $4::int + 1), '/', 1) as entry, strpos(substr(name, $4::int + 1), '/') > 0 as is_folder
             ${column === 'name' ? '' : `, ${column}`}
      from storage.objects
      where bucket_id = $1 ${range}
    ), page as (
      select entry, is_folder, ${sortKey} as sort_key from entries
      where ($5::text = '' or entry ilike $5 || '%')
        ${o.hidePlaceholder ? `and (is_folder or entry <> '${STORAGE_EMPTY_FOLDER_PLACEHOLDER}')` : ''}
      group by entry, is_folder
      order by ${orderBy}
      limit $6 offset $7
    )
    select p.entry as name, o.id, ${iso('o.updated_at')} as updated_at, ${iso('o.created_at')} as created_at,
           ${iso('o.last_accessed_at')} as last_accessed_at, o.metadata
    from page p
    left join storage.objects o on not p.is_folder and o.bucket_id = $1 and o.name = $2 || p.entry
    order by ${orderBy.replace(/entry/g, 'p.entry').replace(/is_folder/g, 'p.is_folder').replace(/sort_key/g, 'p.sort_key')}`
  return db.withRole(who, async (tx) =>
    (await tx.query<ListEntry>(sql, [
      bucketId, prefix, prefix ? prefixEnd(prefix) : '', prefix.length, likeEscape(o.search ?? ''), o.limit, o.offset,
    ])).rows,
  )
}

export interface ListV2Options {
  prefix?: string
  limit?: number
  cursor?: string
  with_delimiter?: boolean
  sortBy?: { column?: string; order?: string }
}

/** list-v2: flat (every key under the prefix) or, with a delimiter, one level as folders and objects. */
export async function listV2(db: Driver, who: Impersonation | undefined, bucketId: string, o: ListV2Options) {
  const limit = Math.min(Math.max(o.limit ?? 1000, 1), 1000)
  const offset = o.cursor ? Number(Buffer.from(o.cursor, 'base64url').toString()) || 0 : 0
  const raw = o.prefix ?? ''
  const base = raw.includes('/') ? raw.slice(0, raw.lastIndexOf('/') + 1) : ''
  const search = raw.slice(base.length)
  let rows: { name: string; key: string; folder: boolean; entry?: ListEntry }[]
  if (o.with_delimiter) {
    const entries = await listFolder(db, who, bucketId, { prefix: base, limit: limit + 1, offset, search, sortBy: { column: o.sortBy?.column ?? 'name', order: o.sortBy?.order } })
    rows = entries.map((e) => ({ name: e.name, key: base + e.name + (e.id ? '' : '/'), folder: !e.id, entry: e }))
  } else {
    const column = ['updated_at', 'created_at'].includes(o.sortBy?.column ?? '') ? o.sortBy!.column! : 'name'
    const order = o.sortBy?.order === 'desc' ? 'desc' : 'asc'
    const found = await db.withRole(who, async (tx) =>
      (await tx.query<ListEntry>(
        `select name, id, ${iso('updated_at')} as updated_at, ${iso('created_at')} as created_at,
                ${iso('last_accessed_at')} as last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and name collate "C" like $2 || '%'
         order by ${column === 'name' ? 'name collate "C"' : column} ${order}, name collate "C" limit $3 offset $4`,
        [bucketId, likeEscape(raw), limit + 1, offset],
      )).rows,
    )
    rows = found.map((e) => ({ name: e.name, key: e.name, folder: false, entry: e }))
  }
  const hasNext = rows.length > limit
  const page = rows.slice(0, limit)
  return {
    hasNext,
    ...(hasNext ? { nextCursor: Buffer.from(String(offset + limit)).toString('base64url') } : {}),
    folders: page.filter((r) => r.folder).map((r) => ({ name: r.key, key: r.key })),
    objects: page.filter((r) => !r.folder).map((r) => ({ ...r.entry!, name: r.key, key: r.key })),
  }
}
