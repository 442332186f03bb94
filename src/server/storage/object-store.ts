/**
 * Where object bytes live, behind a small interface so an S3-compatible backend can replace the disk.
 * Bytes are addressed by (bucket id, version id): a version id is a uuid the server makes, so no object
 * key a user sends ever becomes part of a path.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/** Bytes written to a temporary place: commit() makes them the given version, abort() removes them. */
export interface StagedObject {
  size: number
  commit(bucketId: string, version: string): Promise<void>
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
  /** Streams `source` to a temporary place; SizeLimitError (temp removed) past `limit` bytes. */
  write(source: AsyncIterable<Buffer>, limit: number): Promise<StagedObject>
  /** The bytes of a version, or of `range` (inclusive ends) of it. */
  read(bucketId: string, version: string, range?: { start: number; end: number }): Promise<ObjectRead>
  /** Removes versions; missing ones are fine. */
  delete(bucketId: string, versions: readonly string[]): Promise<void>
  copy(from: { bucketId: string; version: string }, to: { bucketId: string; version: string }): Promise<void>
}

const VERSION = /^[0-9a-f-]{36}$/

/** The disk backend: `${root}/objects/${hex(bucket id)}/${version}`, temporary files in `${root}/tmp`. */
export class DiskObjectStore implements ObjectStore {
  private readonly tmp: string
  private readonly objects: string

  constructor(root: string) {
    this.tmp = join(root, 'tmp')
    this.objects = join(root, 'objects')
  }

  private dir(bucketId: string): string {
    return join(this.objects, Buffer.from(bucketId, 'utf8').toString('hex'))
  }

  private path(bucketId: string, version: string): string {
    if (!VERSION.test(version)) throw new Error(`bad version id ${version}`)
    return join(this.dir(bucketId), version)
  }

  async write(source: AsyncIterable<Buffer>, limit: number): Promise<StagedObject> {
    await mkdir(this.tmp, { recursive: true })
    const temp = join(this.tmp, randomUUID())
    let size = 0
    const file = createWriteStream(temp, { highWaterMark: 1 << 20 })
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length
            if (size > limit) throw new SizeLimitError(limit)
            yield chunk
          }
        },
        file,
      )
    } catch (e) {
      // The file opens asynchronously: a source that failed at once may leave it still opening, and
      // removing it before it has closed would let the open create it again afterwards.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()))
      await rm(temp, { force: true })
      throw e
    }
    const staged: StagedObject = {
      size,
      commit: async (bucketId, version) => {
        const target = this.path(bucketId, version)
        await mkdir(this.dir(bucketId), { recursive: true })
        await rename(temp, target)
      },
      abort: () => rm(temp, { force: true }),
    }
    return staged
  }

  async read(bucketId: string, version: string, range?: { start: number; end: number }): Promise<ObjectRead> {
    const path = this.path(bucketId, version)
    const { size } = await stat(path)
    const stream = createReadStream(path, { highWaterMark: 1 << 20, ...(range ?? {}) })
    return { stream, size }
  }


  async delete(bucketId: string, versions: readonly string[]): Promise<void> {
    for (const v of versions) await rm(this.path(bucketId, v), { force: true })
  }

  async copy(from: { bucketId: string; version: string }, to: { bucketId: string; version: string }): Promise<void> {
    await mkdir(this.dir(to.bucketId), { recursive: true })
    await copyFile(this.path(from.bucketId, from.version), this.path(to.bucketId, to.version))
  }

}
