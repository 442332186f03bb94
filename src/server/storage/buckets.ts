/**
 * Buckets in the project database's storage.buckets, read and written as the caller's role so the table's
 * RLS policies decide (service_role bypasses them).
 */
import type { Impersonation } from '../../shared/api'
import { bucketNameProblem, type Bucket } from '../../shared/storage'
import type { Driver, Queryable } from '../db/driver'
import type { ObjectStore } from './object-store'
import { bucketNotFound, invalid, StorageError, unauthorized } from './errors'
import { MSG } from '../../shared/messages'

export const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

export const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at`

export interface BucketInput {
  id: string
  public?: boolean
  file_size_limit?: number | string | null
  allowed_mime_types?: string[] | null
}

export interface BucketListQuery {
  limit?: number
  offset?: number
  search?: string
  sortColumn?: 'id' | 'name' | 'created_at' | 'updated_at'
  sortOrder?: 'asc' | 'desc'
}

const UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }

/** A size limit as storage-js sends it: bytes, or text such as '20MB'. */
export function parseSizeLimit(value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw invalid(MSG.bucketSizeLimitMin)
    return value
  }
  const m = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(value)
  const factor = m ? UNITS[m[2]!.toLowerCase()] : undefined
  if (!m || factor === undefined) throw invalid(`Invalid file size limit: ${value}`)
  return Number(m[1]) * factor
}

function checkName(id: string): void {
  const problem = bucketNameProblem(id)
  if (problem) throw invalid(problem)
}

/** The caller's user id (the token's sub, when it is a uuid), the owner of what it creates. */
export const subOf = (who: Impersonation | undefined): string | null => {
  const sub = who?.claims?.sub
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null
}

export class Buckets {
  constructor(
    private readonly db: Driver,
    private readonly store: ObjectStore,
  ) {}

  async list(who: Impersonation | undefined, q: BucketListQuery = {}): Promise<Bucket[]> {
    const column = q.sortColumn && ['id', 'name', 'created_at', 'updated_at'].includes(q.sortColumn) ? q.sortColumn : 'name'
    const order = q.sortOrder === 'desc' ? 'desc' : 'asc'
    return this.db.withRole(who, async (tx) =>
      (await tx.query<Bucket>(
        `select ${BUCKET_COLUMNS} from storage.buckets
         where ($1::text is null or name ilike '%' || $1 || '%')
         order by ${column} ${order} limit $2 offset $3`,
        [q.search || null, q.limit ?? 1000, q.offset ?? 0],
      )).rows,
    )
  }

  /** The bucket as the caller may see it, or 404. */
  async get(who: Impersonation | undefined, id: string, tx?: Queryable): Promise<Bucket> {
    const read = async (q: Queryable) =>
      (await q.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0]
    const bucket = tx ? await read(tx) : await this.db.withRole(who, read)
    if (!bucket) throw bucketNotFound()
    return bucket
  }

  async create(who: Impersonation | undefined, input: BucketInput): Promise<Bucket> {
    checkName(input.id)
    const owner = subOf(who)
    return this.db.withRole(who, async (tx) => {
      const row = (await tx.query<Bucket>(
        `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2::uuid, $3, $4::bigint, $5::text[]) returning ${BUCKET_COLUMNS}`,
        [input.id, owner, input.public ?? false, parseSizeLimit(input.file_size_limit) ?? null, input.allowed_mime_types ?? null],
      )).rows[0]
      return row!
    })
  }

  async update(who: Impersonation | undefined, id: string, patch: Omit<BucketInput, 'id'>): Promise<Bucket> {
    const limit = parseSizeLimit(patch.file_size_limit)
    return this.db.withRole(who, async (tx) => {
      await this.get(who, id, tx)
      const row = (await tx.query<Bucket>(
        `update storage.buckets set
           public = coalesce($2, public),
           file_size_limit = case when $3 then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5 then $6::text[] else allowed_mime_types end,
           updated_at = now()
         where id = $1 returning ${BUCKET_COLUMNS}`,
        [id, patch.public ?? null, limit !== undefined, limit ?? null, patch.allowed_mime_types !== undefined, patch.allowed_mime_types ?? null],
      )).rows[0]
      if (!row) throw unauthorized('new row violates row-level security policy')
      return row
    })
  }

  /** Deletes every object the caller may delete; their bytes go after the rows are gone. */
  async empty(who: Impersonation | undefined, id: string): Promise<void> {
    const versions = await this.db.withRole(who, async (tx) => {
      await this.get(who, id, tx)
      const rows = (await tx.query<{ version: string | null }>(
        `delete from storage.objects where bucket_id = $1 returning version`,
        [id],
      )).rows
      return rows.flatMap((r) => (r.version ? [r.version] : []))
    })
    await this.store.delete(id, versions)
  }

  async delete(who: Impersonation | undefined, id: string): Promise<void> {
    await this.db.withRole(who, async (tx) => {
      await this.get(who, id, tx)
      const any = (await tx.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id])).rows.length
      if (any) throw new StorageError(409, 'InvalidRequest', MSG.bucketNotEmpty)
      // Objects the caller cannot see still hold the bucket: the foreign key says so.
      const gone = await tx.query(`delete from storage.buckets where id = $1 returning id`, [id]).then(
        (r) => r.rows.length,
        (e: { code?: string }) => {
          throw e.code === '23503' ? new StorageError(409, 'InvalidRequest', MSG.bucketNotEmpty) : e
        },
      )
      if (!gone) throw unauthorized('new row violates row-level security policy')
    })
  }
}
