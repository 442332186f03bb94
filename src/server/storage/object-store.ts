/**
 * Where object bytes live, behind a small interface with two backends: the disk (disk-store.ts, the
 * default) and an S3-compatible bucket (s3-store.ts). Bytes are addressed by (bucket id, version id): a
 * version id is a uuid the server makes, so no object key a user sends ever becomes part of a path or of
 * an S3 key. Metadata (which version an object is) lives in the project database, so a version's bytes
 * are visible only once a row names them.
 */
import type { Readable } from 'node:stream'

/** One version of an object's bytes. */
export interface ObjectAddress {
  bucketId: string
  version: string
}

/** Bytes written for a version not yet named by any row: commit() keeps them, abort() removes them. */
export interface StagedObject {
  size: number
  commit(): Promise<void>
  abort(): Promise<void>
}

export interface ObjectRead {
  stream: Readable
  /** the object's whole size */
  size: number
}

export class SizeLimitError extends Error {
  constructor(readonly limit: number) {
    super(`exceeded ${limit} bytes`)
  }
}

export interface ObjectStore {
  /** 'disk' or 's3': where the bytes go */
  readonly kind: 'disk' | 's3'
  /**
   * Streams `source` as the bytes of `to` (a fresh version), keeping nothing when it fails: SizeLimitError
   * past `limit` bytes, or the source's own error when it is cut off.
   */
  write(to: ObjectAddress, source: AsyncIterable<Buffer>, limit: number): Promise<StagedObject>
  /** The bytes of a version, or of `range` (inclusive ends) of it. */
  read(bucketId: string, version: string, range?: { start: number; end: number }): Promise<ObjectRead>
  /** Removes versions; missing ones are fine. */
  delete(bucketId: string, versions: readonly string[]): Promise<void>
  copy(from: ObjectAddress, to: ObjectAddress): Promise<void>
  /**
   * At start: removes what uploads cut off by a crash left behind, without touching another studio's
   * uploads under way; answers how many it removed.
   */
  sweep(): Promise<number>
  /** Releases connections (the studio is closing). */
  close(): Promise<void>
}

const VERSION = /^[0-9a-f-]{36}$/

/** A version id as the server makes them (a uuid); anything else is refused before it reaches a path or key. */
export function checkVersion(version: string): string {
  if (!VERSION.test(version)) throw new Error(`bad version id ${version}`)
  return version
}

/** Where a bucket's versions live, the same on disk and in S3: the bucket id in hex, so any id is one safe segment. */
export const bucketSegment = (bucketId: string) => Buffer.from(bucketId, 'utf8').toString('hex')

/**
 * A counting stage for an upload's bytes: `chunks(source)` passes them on and throws SizeLimitError once
 * more than `limit` bytes came, before handing on the chunk that crossed it; `counted()` answers how many
 * bytes came through.
 */
export function limited(limit: number) {
  let size = 0
  return {
    counted: () => size,
    async *chunks(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        size += chunk.length
        if (size > limit) throw new SizeLimitError(limit)
        yield chunk
      }
    },
  }
}
