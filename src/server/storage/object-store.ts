/**
 * Where object bytes live, behind a small interface so an S3-compatible backend can replace the disk.
 * Bytes are addressed by (bucket id, version id): a version id is a uuid the server makes, so no object
 * key a user sends ever becomes part of a path. Everything it creates is private to the server's user:
 * directories 0700, files 0600.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
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
const DIR_MODE = 0o700
const FILE_MODE = 0o600

/** The disk backend: `${root}/objects/${hex(bucket id)}/${version}`, temporary files in `${root}/tmp`. */
export class DiskObjectStore implements ObjectStore {
  private readonly tmp: string
  private readonly objects: string
  private prepared: Promise<void> | undefined

  constructor(private readonly root: string) {
    this.tmp = join(root, 'tmp')
    this.objects = join(root, 'objects')
  }

  /** Once: creates root, tmp/ and objects/ as 0700, and makes them so where an earlier run left them open. */
  private prepare(): Promise<void> {
    this.prepared ??= (async () => {
      for (const dir of [this.root, this.tmp, this.objects]) {
        await mkdir(dir, { recursive: true, mode: DIR_MODE })
        await chmod(dir, DIR_MODE)
      }
    })().catch((e: unknown) => {
      this.prepared = undefined
      throw e
    })
    return this.prepared
  }

  /**
   * Removes everything in tmp/ (uploads cut off by a crash) and answers how many entries it removed. Only
   * for a start, while this process holds the data directory's lock: no upload can be under way there.
   */
  async sweepTemp(): Promise<number> {
    await this.prepare()
    const entries = await readdir(this.tmp)
    for (const name of entries) await rm(join(this.tmp, name), { recursive: true, force: true })
    return entries.length
  }

  private dir(bucketId: string): string {
    return join(this.objects, Buffer.from(bucketId, 'utf8').toString('hex'))
  }

  private path(bucketId: string, version: string): string {
    if (!VERSION.test(version)) throw new Error(`bad version id ${version}`)
    return join(this.dir(bucketId), version)
  }

  async write(source: AsyncIterable<Buffer>, limit: number): Promise<StagedObject> {
    await this.prepare()
    const temp = join(this.tmp, randomUUID())
    let size = 0
    const file = createWriteStream(temp, { highWaterMark: 1 << 20, mode: FILE_MODE })
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
        await mkdir(this.dir(bucketId), { recursive: true, mode: DIR_MODE })
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
    await this.prepare()
    await mkdir(this.dir(to.bucketId), { recursive: true, mode: DIR_MODE })
    const target = this.path(to.bucketId, to.version)
    // copyFile gives the copy its source's mode, and an object written by an earlier version may be 0644.
    await copyFile(this.path(from.bucketId, from.version), target)
    await chmod(target, FILE_MODE)
  }

}
