/**
 * Where object bytes go when they go to an S3-compatible bucket: STORAGE_S3_BUCKET, STORAGE_S3_ENDPOINT,
 * STORAGE_S3_REGION, STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY and STORAGE_S3_FORCE_PATH_STYLE
 * (README), or StudioOptions.s3. A configuration that cannot work is refused at start with what to change.
 */

export interface S3Options {
  bucket: string
  /** an S3-compatible server (MinIO, R2, Ceph…): its URL; unset, AWS S3 itself */
  endpoint?: string
  /** default us-east-1 */
  region?: string
  accessKeyId: string
  secretAccessKey: string
  /** `${endpoint}/${bucket}/…` rather than `${bucket}.${host}`; default true when an endpoint is set */
  forcePathStyle?: boolean
  /** bytes per part of a multipart upload (default 8 MiB; S3's minimum is 5 MiB) */
  partSize?: number
  /** parts of one upload sent at once (default 4): with partSize, the most an upload holds in memory */
  queueSize?: number
}

export class S3ConfigError extends Error {
  constructor(message: string) {
    super(`studio: ${message}`)
    this.name = 'S3ConfigError'
  }
}

const ENV = {
  bucket: 'STORAGE_S3_BUCKET',
  endpoint: 'STORAGE_S3_ENDPOINT',
  region: 'STORAGE_S3_REGION',
  accessKeyId: 'STORAGE_S3_ACCESS_KEY_ID',
  secretAccessKey: 'STORAGE_S3_SECRET_ACCESS_KEY',
  forcePathStyle: 'STORAGE_S3_FORCE_PATH_STYLE',
} as const

/** S3's bucket names: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const MIN_PART_SIZE = 5 * 1024 * 1024

function flag(name: string, value: string): boolean {
  if (/^(true|1|yes)$/i.test(value)) return true
  if (/^(false|0|no)$/i.test(value)) return false
  throw new S3ConfigError(`${name} must be true or false, not "${value}"`)
}

/** The S3 options the environment sets, or undefined when it sets none of STORAGE_S3_*. */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<S3Options> | undefined {
  const value = (name: string) => env[name]?.trim() || undefined
  if (!Object.values(ENV).some((name) => value(name) !== undefined)) return undefined
  const forcePathStyle = value(ENV.forcePathStyle)
  return {
    bucket: value(ENV.bucket),
    endpoint: value(ENV.endpoint),
    region: value(ENV.region),
    accessKeyId: value(ENV.accessKeyId),
    secretAccessKey: value(ENV.secretAccessKey),
    ...(forcePathStyle !== undefined ? { forcePathStyle: flag(ENV.forcePathStyle, forcePathStyle) } : {}),
  }
}

/** The options complete and with defaults, or S3ConfigError naming what is missing or wrong. */
export function checkS3Options(o: Partial<S3Options>): Required<Omit<S3Options, 'endpoint'>> & { endpoint?: string } {
  const { bucket } = o
  if (!bucket) {
    const set = Object.entries(ENV).filter(([k]) => o[k as keyof S3Options] !== undefined).map(([, name]) => name)
    throw new S3ConfigError(`${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${ENV.bucket} is not: set the bucket to keep object bytes in S3, or unset ${set.length === 1 ? 'it' : 'them'} to keep them on disk`)
  }
  if (!BUCKET_NAME.test(bucket)) {
    throw new S3ConfigError(`${ENV.bucket} "${bucket}" is not an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens)`)
  }
  const missing = (['accessKeyId', 'secretAccessKey'] as const).filter((k) => !o[k]).map((k) => ENV[k])
  if (missing.length) {
    throw new S3ConfigError(`${ENV.bucket} is set but ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not: the studio needs the bucket's credentials to keep object bytes in S3`)
  }
  if (o.endpoint !== undefined) {
    let url: URL | undefined
    try {
      url = new URL(o.endpoint)
    } catch {
      // refused below
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      throw new S3ConfigError(`${ENV.endpoint} "${o.endpoint}" is not an http:// or https:// URL`)
    }
  }
  const partSize = o.partSize ?? 8 * 1024 * 1024
  if (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE) throw new S3ConfigError(`the S3 part size must be at least ${MIN_PART_SIZE} bytes`)
  const queueSize = o.queueSize ?? 4
  if (!Number.isInteger(queueSize) || queueSize < 1) throw new S3ConfigError('the S3 queue size must be at least 1')
  return {
    bucket,
    ...(o.endpoint !== undefined ? { endpoint: o.endpoint } : {}),
    region: o.region || 'us-east-1',
    accessKeyId: o.accessKeyId!,
    secretAccessKey: o.secretAccessKey!,
    forcePathStyle: o.forcePathStyle ?? o.endpoint !== undefined,
    partSize,
    queueSize,
  }
}
