/**
 * A local S3-compatible server for the tests and benchmarks: s3rver (3.7.1) on a directory of its own,
 * path-style, with its fixed credentials (S3RVER / S3RVER). s3rver has no AbortMultipartUpload and no
 * ListMultipartUploads; both are answered here from its own upload directories
 * (`<dir>/<bucket>/._S3rver_uploads/<upload id>/{key,<part>…}`), so the studio's aborts, the start-up
 * sweep and the tests' "no multipart upload left" checks work as against S3.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { DeleteObjectsCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { S3Options } from '../../src/server/storage/s3-config'

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

export interface LocalS3 {
  endpoint: string
  /** where s3rver keeps its buckets */
  directory: string
  /** the studio's S3 options for one of the buckets */
  options(bucket: string): S3Options
  close(): Promise<void>
}

const UPLOADS = '._S3rver_uploads'
const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The two calls s3rver lacks; false when the request is s3rver's to answer. */
async function shim(directory: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3')
  const [bucket, ...key] = url.pathname.slice(1).split('/')
  if (!bucket || !/^[a-z0-9.-]+$/.test(bucket)) return false
  const uploads = join(directory, bucket, UPLOADS)
  if (req.method === 'DELETE' && key.length && url.searchParams.has('uploadId')) {
    const id = url.searchParams.get('uploadId') ?? ''
    if (!/^[A-Za-z0-9_-]+$/.test(id)) return false
    req.resume()
    const dir = join(uploads, id)
    const found = await stat(dir).then(() => true, () => false)
    await rm(dir, { recursive: true, force: true })
    res.writeHead(found ? 204 : 404).end()
    return true
  }
  if (req.method === 'GET' && key.join('') === '' && url.searchParams.has('uploads')) {
    req.resume()
    const prefix = url.searchParams.get('prefix') ?? ''
    const entries = []
    for (const id of await readdir(uploads).catch(() => [] as string[])) {
      const k = await readFile(join(uploads, id, 'key'), 'utf8').catch(() => undefined)
      if (k === undefined || !k.startsWith(prefix)) continue
      entries.push({ id, key: k, initiated: (await stat(join(uploads, id))).mtime })
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${entries
      .map((u) => `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`)
      .join('')}</ListMultipartUploadsResult>`
    res.writeHead(200, { 'content-type': 'application/xml' }).end(body)
    return true
  }
  return false
}

/** Starts s3rver on 127.0.0.1 (a free port) with `buckets` made. */
export async function startLocalS3(directory: string, buckets: readonly string[]): Promise<LocalS3> {
  await mkdir(directory, { recursive: true })
  const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false, configureBuckets: buckets.map((name) => ({ name })) })
  await s3rver.configureBuckets()
  const handle = s3rver.callback()
  const server: Server = createServer((req, res) => {
    shim(directory, req, res).then(
      (done) => done || handle(req, res),
      (e: Error) => res.writeHead(500).end(e.message),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    endpoint,
    directory,
    options: (bucket) => ({ bucket, endpoint, region: 'us-east-1', ...S3RVER_CREDENTIALS, forcePathStyle: true }),
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      s3rver.logger?.close?.()
    },
  }
}

/** A client of the bucket the studio writes to, for the tests' own checks. */
export function s3Client(o: S3Options): S3Client {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  return new S3Client({
    endpoint: o.endpoint,
    region: o.region ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** Every key of the bucket under `prefix`. */
export async function listKeys(client: S3Client, bucket: string, prefix = ''): Promise<string[]> {
  const keys: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }))
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return keys
}

/** The multipart uploads begun and neither completed nor aborted, under `prefix`. */
export async function listUploads(client: S3Client, bucket: string, prefix = ''): Promise<string[]> {
  const res = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }))
  return (res.Uploads ?? []).map((u) => u.Key ?? '')
}

/** Removes every key under `prefix` (a test's leftovers). */
export async function emptyPrefix(client: S3Client, bucket: string, prefix: string): Promise<void> {
  const keys = await listKeys(client, bucket, prefix)
  if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }))
}
