/**
 * The S3 backend of the ObjectStore (any S3-compatible server, through @aws-sdk/client-s3): a version's
 * bytes are the object `objects/${hex(bucket id)}/${version}` of the configured bucket, named by the
 * server, never by a user. An upload streams straight to that key, in parts (lib-storage's Upload: at most
 * queueSize parts of partSize in memory), counting as it goes: past the limit, or when the client goes
 * away, the multipart upload is aborted and the key removed, so nothing is kept. No row names the version
 * until the upload is complete, so it is not visible before. Reads ask for the byte range they need;
 * copies and moves between buckets are server-side copies (CopyObject: objects are at most the settings'
 * 5 GiB, S3's limit for one copy); deletes go a thousand keys per request.
 *
 * Several studios may share one bucket (and one database): nothing here is held in memory between
 * requests, and the start-up sweep aborts only multipart uploads older than a day, never another
 * studio's upload under way.
 */
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { bucketSegment, checkVersion, limited, type ObjectAddress, type ObjectRead, type ObjectStore, type StagedObject } from './object-store'
import { checkS3Options, S3ConfigError, type S3Options } from './s3-config'

/** Multipart uploads older than this are taken for ones a crashed studio left, and aborted at start. */
export const STALE_UPLOAD_MS = 24 * 3600 * 1000
/** How long the start-up check waits for the bucket to answer. */
const CHECK_TIMEOUT_MS = 15_000
/** S3 deletes at most this many keys per request. */
const DELETE_BATCH = 1000
const PREFIX = 'objects/'

/**
 * The SDK warns once per process that its releases after January 2027 need Node 22: nothing to act on
 * here (package.json's engines say which Node runs the studio). Its own switch silences that one warning
 * and no other.
 */
function silenceNodeVersionWarning(): void {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
}

const statusOf = (e: unknown) => (e as S3ServiceException | undefined)?.$metadata?.httpStatusCode

export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3'
  readonly client: S3Client
  readonly bucket: string
  private readonly options: ReturnType<typeof checkS3Options>

  constructor(options: Partial<S3Options>) {
    this.options = checkS3Options(options)
    this.bucket = this.options.bucket
    silenceNodeVersionWarning()
    const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = this.options
    this.client = new S3Client({
      region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle,
      credentials: { accessKeyId, secretAccessKey },
      // S3-compatible servers do not all speak the SDK's newer default checksums; AWS itself keeps them.
      ...(endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
      // Downloads hold a connection while the client reads: room for many at once.
      requestHandler: { connectionTimeout: 5000, httpAgent: { keepAlive: true, maxSockets: 256 }, httpsAgent: { keepAlive: true, maxSockets: 256 } },
    })
  }

  /** Where the bucket is, for messages: the endpoint, or AWS S3 in the region. */
  private get where(): string {
    return this.options.endpoint ?? `AWS S3 (${this.options.region})`
  }

  /** The S3 key of a version: from the bucket id and the server's uuid only. */
  key(bucketId: string, version: string): string {
    return `${PREFIX}${bucketSegment(bucketId)}/${checkVersion(version)}`
  }

  /**
   * At start: the bucket answers with these credentials, or S3ConfigError saying what is wrong (no
   * answer, credentials refused, no such bucket, another region).
   */
  async check(): Promise<void> {
    const { bucket, where } = this
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
    } catch (e) {
      const status = statusOf(e)
      const why = (e as Error).message || (e as Error).name
      if (status === 403 || status === 401) {
        throw new S3ConfigError(`S3 at ${where} refused the credentials for bucket "${bucket}" (${status}): check STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY`)
      }
      if (status === 404) throw new S3ConfigError(`the S3 bucket "${bucket}" does not exist at ${where}: create it first`)
      if (status === 301) throw new S3ConfigError(`the S3 bucket "${bucket}" is in another region than ${this.options.region}: set STORAGE_S3_REGION to its region`)
      if (status !== undefined) throw new S3ConfigError(`S3 at ${where} answered ${status} for bucket "${bucket}": ${why}`)
      throw new S3ConfigError(`cannot reach S3 at ${where} (STORAGE_S3_ENDPOINT) for bucket "${bucket}": ${why}`)
    }
  }

  async write(to: ObjectAddress, source: AsyncIterable<Buffer>, limit: number): Promise<StagedObject> {
    const Key = this.key(to.bucketId, to.version)
    const counting = limited(limit)
    // What went wrong with the bytes themselves (too many, cut off): the answer, whatever the abort says.
    let failure: unknown
    async function* bytes() {
      try {
        yield* counting.chunks(source)
      } catch (e) {
        failure = e
        throw e
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: Readable.from(bytes(), { objectMode: false }) },
      partSize: this.options.partSize,
      queueSize: this.options.queueSize,
      leavePartsOnError: false,
    })
    try {
      await upload.done()
    } catch (e) {
      // Upload aborts its multipart upload; when that abort failed too, its error is `e`.
      if (failure !== undefined && e !== failure) console.warn(`storage: could not abort the multipart upload of ${Key}:`, e)
      // A completion whose answer was lost may have made the object after all: the key is ours alone.
      await this.deleteKeys([Key]).catch((d: unknown) => console.warn(`storage: could not remove ${Key}:`, d))
      throw failure ?? e
    }
    return {
      size: counting.counted(),
      commit: async () => {},
      abort: () => this.deleteKeys([Key]),
    }
  }

  async read(bucketId: string, version: string, range?: { start: number; end: number }): Promise<ObjectRead> {
    const res = await this.client.send(new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(bucketId, version),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    }))
    const total = range ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1]) : res.ContentLength
    if (!(res.Body instanceof Readable) || total === undefined || !Number.isFinite(total)) {
      ;(res.Body as Readable | undefined)?.destroy?.()
      throw new Error(`S3 answered no size for ${this.key(bucketId, version)}`)
    }
    return { stream: res.Body, size: total }
  }

  delete(bucketId: string, versions: readonly string[]): Promise<void> {
    return this.deleteKeys(versions.map((v) => this.key(bucketId, v)))
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    if (keys.length === 1) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keys[0] }))
      return
    }
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH)
      const res = await this.client.send(new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
      }))
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey')
      if (failed.length) throw new Error(`S3 could not delete ${failed.length} object(s), the first ${failed[0]!.Key}: ${failed[0]!.Code} ${failed[0]!.Message ?? ''}`)
    }
  }

  async copy(from: ObjectAddress, to: ObjectAddress): Promise<void> {
    await this.client.send(new CopyObjectCommand({
      Bucket: this.bucket,
      Key: this.key(to.bucketId, to.version),
      // keys are hex, slashes and uuids: nothing to encode but the bucket's name
      CopySource: `${encodeURIComponent(this.bucket)}/${this.key(from.bucketId, from.version)}`,
    }))
  }

  /**
   * Aborts the multipart uploads under objects/ begun more than STALE_UPLOAD_MS ago (a studio that died
   * mid-upload), leaving the ones under way, another studio's included; answers how many it aborted. A
   * server that cannot list them (not every S3-compatible one can) is left as it is.
   */
  async sweep(now = Date.now()): Promise<number> {
    let aborted = 0
    try {
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      for (;;) {
        const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: PREFIX, KeyMarker, UploadIdMarker }))
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !u.Initiated || now - u.Initiated.getTime() < STALE_UPLOAD_MS) continue
          await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }))
          aborted++
        }
        if (!page.IsTruncated) break
        KeyMarker = page.NextKeyMarker
        UploadIdMarker = page.NextUploadIdMarker
      }
    } catch (e) {
      console.warn(`storage: could not list the unfinished uploads of S3 bucket ${this.bucket}:`, (e as Error).message)
    }
    return aborted
  }

  async close(): Promise<void> {
    this.client.destroy()
  }
}

/** The S3 store, checked: S3ConfigError when the options are incomplete or the bucket does not answer. */
export async function openS3Store(options: Partial<S3Options>): Promise<S3ObjectStore> {
  const store = new S3ObjectStore(options)
  try {
    await store.check()
  } catch (e) {
    await store.close()
    throw e
  }
  return store
}
