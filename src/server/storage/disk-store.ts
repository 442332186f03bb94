/**
 * The disk backend of the ObjectStore: `${root}/objects/${hex(bucket id)}/${version}`, uploads streamed to
 * `${root}/tmp` first and renamed into place on commit. Everything it creates is private to the server's
 * user: directories 0700, files 0600.
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { bucketSegment, checkVersion, limited, type ObjectAddress, type ObjectRead, type ObjectStore, type StagedObject } from './object-store'

const DIR_MODE = 0o700
const FILE_MODE = 0o600

export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk'
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

  sweep(): Promise<number> {
    return this.sweepTemp()
  }

  async close(): Promise<void> {}

  private dir(bucketId: string): string {
    return join(this.objects, bucketSegment(bucketId))
  }

  private path(bucketId: string, version: string): string {
    return join(this.dir(bucketId), checkVersion(version))
  }

  async write(to: ObjectAddress, source: AsyncIterable<Buffer>, limit: number): Promise<StagedObject> {
    const target = this.path(to.bucketId, to.version)
    await this.prepare()
    const temp = join(this.tmp, randomUUID())
    const counting = limited(limit)
    const file = createWriteStream(temp, { highWaterMark: 1 << 20, mode: FILE_MODE })
    try {
      await pipeline(source, counting.chunks, file)
    } catch (e) {
      // The file opens asynchronously: a source that failed at once may leave it still opening, and
      // removing it before it has closed would let the open create it again afterwards.
      if (!file.closed) await new Promise<void>((closed) => file.once('close', () => closed()))
      await rm(temp, { force: true })
      throw e
    }
    return {
      size: counting.counted(),
      commit: async () => {
        await mkdir(this.dir(to.bucketId), { recursive: true, mode: DIR_MODE })
        await rename(temp, target)
      },
      abort: () => rm(temp, { force: true }),
    }
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

  async copy(from: ObjectAddress, to: ObjectAddress): Promise<void> {
    await this.prepare()
    await mkdir(this.dir(to.bucketId), { recursive: true, mode: DIR_MODE })
    const target = this.path(to.bucketId, to.version)
    // copyFile gives the copy its source's mode, and an object written by an earlier version may be 0644.
    await copyFile(this.path(from.bucketId, from.version), target)
    await chmod(target, FILE_MODE)
  }
}
