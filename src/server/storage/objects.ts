/**
 * Objects: rows in storage.objects (written as the caller's role, so RLS decides) and bytes in the
 * ObjectStore under (bucket id, version id). An upload streams its bytes first (to a temporary file on
 * disk, to its own key in S3) and becomes visible only when its row is committed; a refused or broken
 * upload leaves neither row nor bytes.
 */
import { randomUUID } from 'node:crypto'
import type { Impersonation } from '../../shared/api'
import { STORAGE_GLOBAL_UPLOAD_LIMIT } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import { mimeAllowed, objectKeyProblem, type Bucket, type ObjectMetadata } from '../../shared/storage'
import { transactionAs, type Driver, type Queryable } from '../db/driver'
import { BUCKET_COLUMNS, iso, subOf } from './buckets'
import { bucketNotFound, duplicate, invalid, objectNotFound, StorageError } from './errors'
import { SizeLimitError, type ObjectStore } from './object-store'

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

export const OBJECT_COLUMNS = `id, bucket_id, name, owner, version, metadata, user_metadata,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at, ${iso('last_accessed_at')} as last_accessed_at`

export interface UploadInput {
  body: AsyncIterable<Buffer>
  contentType: string
  cacheControl: string
  upsert: boolean
  userMetadata?: Record<string, unknown> | null
  /** the request's declared length, refused at once when over the limit */
  contentLength?: number
  /** the owner to record (signed upload URLs carry it); default: the caller's sub */
  owner?: string | null
  /** the project's own upload limit (storage settings) */
  projectLimit: number
}

export function checkKey(key: string): void {
  const problem = objectKeyProblem(key)
  if (problem) throw invalid(problem)
}


class Rollback extends Error {}

/**
 * The row just written, read as the service: the caller's policies allowed the write, and reading it
 * back must not need a SELECT policy too. RESET ROLE ends the caller's SET LOCAL ROLE for the rest of
 * this transaction, which only reads and commits from here.
 */
async function readBack(tx: Queryable, bucketId: string, key: string): Promise<ObjectRow> {
  await tx.query('reset role')
  const { rows } = await tx.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, key],
  )
  return rows[0]!
}

export class Objects {
  constructor(
    private readonly db: Driver,
    private readonly store: ObjectStore,
  ) {}

  /** The bucket as the service sees it (uploads and public reads check limits and publicity this way). */
  async bucket(id: string): Promise<Bucket> {
    const row = (await this.db.query<Bucket>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0]
    if (!row) throw bucketNotFound()
    return row
  }

  /** The bucket when it is public; a private one is not found, as storage answers anyone without a key. */
  async publicBucket(id: string): Promise<Bucket> {
    const bucket = await this.bucket(id)
    if (!bucket.public) throw objectNotFound()
    return bucket
  }

  async upload(who: Impersonation | undefined, bucketId: string, key: string, input: UploadInput): Promise<ObjectRow> {
    checkKey(key)
    const bucket = await this.bucket(bucketId)
    if (!mimeAllowed(input.contentType, bucket.allowed_mime_types)) {
      throw new StorageError(415, 'invalid_mime_type', MSG.mimeTypeNotSupported(input.contentType))
    }
    const limit = Math.min(bucket.file_size_limit ?? Infinity, input.projectLimit, STORAGE_GLOBAL_UPLOAD_LIMIT)
    const tooLarge = () => new StorageError(413, 'Payload too large', MSG.objectTooLarge)
    if (input.contentLength !== undefined && input.contentLength > limit) throw tooLarge()
    const owner = input.owner !== undefined ? input.owner : subOf(who)
    const version = randomUUID()
    // No RETURNING: that would also need a SELECT policy, and an upload needs only INSERT (spec 9).
    const write = (tx: Queryable, metadata: ObjectMetadata | null) =>
      tx.query(
        `insert into storage.objects as o (bucket_id, name, owner, version, metadata, user_metadata)
         values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb)
         ${input.upsert ? `on conflict (bucket_id, name) do update set owner = excluded.owner, version = excluded.version,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()` : ''}`,
        [bucketId, key, owner, version, metadata && JSON.stringify(metadata), input.userMetadata ? JSON.stringify(input.userMetadata) : null],
      )
    // May the caller write this row at all? Tried first and rolled back, so a refusal costs no upload.
    await this.probe(who, (tx) => write(tx, null))
    let staged
    try {
      staged = await this.store.write({ bucketId, version }, input.body, limit)
    } catch (e) {
      throw e instanceof SizeLimitError ? tooLarge() : e
    }
    const metadata: ObjectMetadata = {
      eTag: `"${version}"`,
      size: staged.size,
      mimetype: input.contentType,
      cacheControl: input.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: staged.size,
      httpStatusCode: 200,
    }
    let committed = false
    let previous: string | null | undefined
    let row: ObjectRow
    try {
      row = await transactionAs(this.db, who, async (tx) => {
        // The version an upsert replaces, locked so a concurrent upsert of the same key waits for this one.
        if (input.upsert) {
          previous = (await tx.query<{ version: string | null }>(
            `select version from storage.objects where bucket_id = $1 and name = $2 for update`, [bucketId, key],
          )).rows[0]?.version
        }
        await write(tx, metadata)
        const r = await readBack(tx, bucketId, key)
        await staged.commit()
        committed = true
        return r
      })
    } catch (e) {
      if (committed) await this.store.delete(bucketId, [version])
      else await staged.abort()
      throw e
    }
    if (previous) await this.dropUnreferenced(bucketId, previous)
    return row
  }

  /**
   * Removes a replaced version's bytes unless a row still points at them (a move keeps the version), and
   * never fails the call that replaced it: the new object is in place whatever happens here.
   */
  private async dropUnreferenced(bucketId: string, version: string): Promise<void> {
    try {
      const { rows } = await this.db.query(`select 1 from storage.objects where bucket_id = $1 and version = $2 limit 1`, [bucketId, version])
      if (rows.length === 0) await this.store.delete(bucketId, [version])
    } catch (e) {
      console.warn(`storage: could not remove the replaced version ${version} of bucket ${bucketId}:`, e)
    }
  }

  /** The object's row as the caller may see it, or 404. */
  async find(who: Impersonation | undefined, bucketId: string, key: string): Promise<ObjectRow> {
    checkKey(key)
    const row = await this.db.withRole(who, async (tx) =>
      (await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, key])).rows[0],
    )
    if (!row?.version) throw objectNotFound()
    return row
  }

  read(row: ObjectRow, range?: { start: number; end: number }) {
    return this.store.read(row.bucket_id, row.version!, range)
  }

  async move(who: Impersonation | undefined, bucketId: string, from: string, to: string, toBucket = bucketId): Promise<void> {
    checkKey(from)
    checkKey(to)
    // Into another bucket, the bytes are copied before the row moves and the old copy removed after: a
    // failure on either side leaves the object whole where its row says it is.
    let copied: string | null = null
    try {
      await transactionAs(this.db, who, async (tx) => {
        const row = (await tx.query<{ version: string | null }>(
          `update storage.objects set name = $3, bucket_id = $4, updated_at = now()
           where bucket_id = $1 and name = $2 returning version`,
          [bucketId, from, to, toBucket],
        )).rows[0]
        if (!row) throw objectNotFound()
        if (row.version && toBucket !== bucketId) {
          await this.store.copy({ bucketId, version: row.version }, { bucketId: toBucket, version: row.version })
          copied = row.version
        }
      })
    } catch (e) {
      if (copied) await this.store.delete(toBucket, [copied])
      throw e
    }
    if (copied) await this.dropUnreferenced(bucketId, copied)
  }

  async copy(who: Impersonation | undefined, bucketId: string, from: string, to: string, toBucket = bucketId): Promise<ObjectRow> {
    checkKey(to)
    const source = await this.find(who, bucketId, from)
    const version = randomUUID()
    await this.store.copy({ bucketId, version: source.version! }, { bucketId: toBucket, version })
    try {
      const metadata = { ...source.metadata, eTag: `"${version}"`, lastModified: new Date().toISOString() }
      return await this.db.withRole(who, async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, version, metadata, user_metadata)
           values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb)`,
          [toBucket, to, subOf(who), version, JSON.stringify(metadata), source.user_metadata ? JSON.stringify(source.user_metadata) : null],
        )
        return readBack(tx, toBucket, to)
      })
    } catch (e) {
      await this.store.delete(toBucket, [version])
      throw e
    }
  }

  /** Deletes the objects the caller may delete among `keys`; answers their rows. */
  async remove(who: Impersonation | undefined, bucketId: string, keys: readonly string[]): Promise<ObjectRow[]> {
    for (const key of keys) checkKey(key)
    const rows = await this.db.withRole(who, async (tx) =>
      (await tx.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
        [bucketId, keys],
      )).rows,
    )
    await this.store.delete(bucketId, rows.flatMap((r) => (r.version ? [r.version] : [])))
    return rows
  }

  /** Refuses a duplicate unless upsert: used by signed upload URLs before handing one out. */
  async assertWritable(who: Impersonation | undefined, bucketId: string, key: string, upsert: boolean): Promise<void> {
    checkKey(key)
    await this.bucket(bucketId)
    if (!upsert) {
      const exists = (await this.db.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucketId, key])).rows.length
      if (exists) throw duplicate()
    }
    await this.probe(who, (tx) =>
      tx.query(
        `insert into storage.objects (bucket_id, name, owner) values ($1, $2, $3::uuid)
         ${upsert ? 'on conflict (bucket_id, name) do update set updated_at = now()' : ''}`,
        [bucketId, key, subOf(who)],
      ))
  }

  /** Runs `write` as the caller and rolls it back: throws what the database would refuse, changes nothing. */
  private async probe(who: Impersonation | undefined, write: (tx: Queryable) => Promise<unknown>): Promise<void> {
    await transactionAs(this.db, who, async (tx) => {
      await write(tx)
      throw new Rollback()
    }).catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e
    })
  }
}
