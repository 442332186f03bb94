/**
 * Storage shapes (spec section 3), request bodies of the dashboard's storage calls (spec 7) and the rules
 * for bucket names and object keys, shared by the server and the web app.
 */
import { z } from 'zod'
import {
  STORAGE_FOLDER_PAGE_SIZE, STORAGE_MAX_KEY_BYTES, STORAGE_RESERVED_BUCKET, STORAGE_SETTINGS_MAX_BYTES, STORAGE_GLOBAL_UPLOAD_LIMIT, STORAGE_RECURSIVE_PAGE_SIZE,
  STORAGE_SORT_COLUMNS,
} from './constants'
import { MSG } from './messages'

export interface Bucket {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
}

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

/** One entry of a folder listing: a file (with an id) or a folder (id null). */
export interface StorageItem {
  id: string | null
  name: string
  type: 'FILE' | 'FOLDER'
  metadata: ObjectMetadata | null
  created_at: string | null
  updated_at: string | null
  last_accessed_at: string | null
}

export interface StorageConfig {
  fileSizeLimit: number
  isFreeTier: boolean
}

/** Project settings → API. */
export interface ProjectApiSettings {
  api_url: string
  storage_url: string
  anon_key: string
  /** null unless the user holds tenant SQL admin write: the key bypasses every policy */
  service_role_key: string | null
  /** null unless the user holds tenant SQL admin write: it signs any token */
  jwt_secret: string | null
}

// ---- rules ----

/** Why a bucket name is refused, or null when it is fine. */
export function bucketNameProblem(name: string): string | null {
  if (!name) return MSG.bucketNameRequired
  if (/\s$/.test(name)) return MSG.bucketNameTrailingSpace
  if (name === STORAGE_RESERVED_BUCKET) return MSG.bucketNameReserved
  if (name.length > 100 || !/^[a-z0-9][a-z0-9.-]*$/.test(name)) return MSG.bucketNameRule
  return null
}

function decodeAll(segment: string): string {
  let s = segment
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(s)
      if (next === s) break
      s = next
    } catch {
      break
    }
  }
  return s
}

/**
 * Characters no key may hold, by Unicode category: controls (Cc: C0, DEL, C1), format characters (Cf: the
 * bidi marks, embeddings, overrides and isolates that make a name read as another, zero-width spaces and
 * joiners, BOM, soft hyphen, tag characters), line and paragraph separators (Zl, Zp), and lone surrogates
 * (Cs, which UTF-8 cannot carry). Letters, marks, digits, symbols and single emoji of every script stay
 * allowed; the price is that ZWJ emoji sequences and words written with ZWNJ (Persian, Indic) are refused.
 */
const KEY_FORBIDDEN_CHAR = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u

/**
 * Why an object key is refused, or null when it is fine: no absolute path, backslash, control, bidi or other
 * invisible format character (KEY_FORBIDDEN_CHAR), empty segment, '.' or '..' segment (also
 * percent-encoded), and at most 1024 bytes.
 */
export function objectKeyProblem(key: string): string | null {
  if (!key) return MSG.objectKeyInvalid('')
  if (key.startsWith('/') || key.includes('\\') || KEY_FORBIDDEN_CHAR.test(key)) return MSG.objectKeyInvalid(key)
  if (new TextEncoder().encode(key).length > STORAGE_MAX_KEY_BYTES) return MSG.objectKeyInvalid(key)
  for (const segment of key.split('/')) {
    const decoded = decodeAll(segment)
    if (!segment || decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) {
      return MSG.objectKeyInvalid(key)
    }
  }
  return null
}

/** Does `mimetype` match one of the bucket's allowed types (wildcards such as image/* allowed)? */
export function mimeAllowed(mimetype: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const base = (mimetype.split(';')[0] ?? '').trim().toLowerCase()
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase()
    if (rule === '*' || rule === '*/*') return true
    if (rule.endsWith('/*')) return base.startsWith(rule.slice(0, -1))
    return base === rule
  })
}

// ---- dashboard bodies (spec 7) ----

const bucketName = z.string().superRefine((name, ctx) => {
  const problem = bucketNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})
const sizeLimit = z.number().int().min(0, MSG.bucketSizeLimitMin).nullable()
const mimeTypes = z.array(z.string().trim().min(1)).nullable()

export const BucketCreateBody = z.object({
  id: bucketName,
  public: z.boolean().default(false),
  file_size_limit: sizeLimit.optional(),
  allowed_mime_types: mimeTypes.optional(),
})
export type BucketCreateBody = z.input<typeof BucketCreateBody>

export const BucketUpdateBody = z.object({
  public: z.boolean().optional(),
  file_size_limit: sizeLimit.optional(),
  allowed_mime_types: mimeTypes.optional(),
})
export type BucketUpdateBody = z.input<typeof BucketUpdateBody>

export const ListObjectsBody = z.object({
  path: z.string().default(''),
  options: z
    .object({
      limit: z.number().int().min(1).max(STORAGE_RECURSIVE_PAGE_SIZE).default(STORAGE_FOLDER_PAGE_SIZE),
      offset: z.number().int().min(0).default(0),
      search: z.string().default(''),
      sortBy: z
        .object({ column: z.enum(STORAGE_SORT_COLUMNS).default('name'), order: z.enum(['asc', 'desc']).default('asc') })
        .default({ column: 'name', order: 'asc' }),
      /** keyset paging: the page starts after this entry (the last one seen); by name without a search, else offset */
      startAfter: z.object({ name: z.string(), type: z.enum(['FILE', 'FOLDER']) }).optional(),
    })
    .default({ limit: STORAGE_FOLDER_PAGE_SIZE, offset: 0, search: '', sortBy: { column: 'name', order: 'asc' } }),
})
export type ListObjectsBody = z.input<typeof ListObjectsBody>

export const MoveObjectsBody = z.object({ from: z.string().min(1), to: z.string().min(1) })
export type MoveObjectsBody = z.input<typeof MoveObjectsBody>
export const SignObjectBody = z.object({ path: z.string().min(1), expiresIn: z.number().int().positive() })
export type SignObjectBody = z.input<typeof SignObjectBody>
export const ObjectPathBody = z.object({ path: z.string().min(1) })
export type ObjectPathBody = z.input<typeof ObjectPathBody>
export const DeleteObjectsBody = z.object({ paths: z.array(z.string().min(1)).min(1) })
export type DeleteObjectsBody = z.input<typeof DeleteObjectsBody>

export const StorageConfigBody = z.object({
  fileSizeLimit: z
    .number()
    .int()
    .min(0)
    .max(STORAGE_GLOBAL_UPLOAD_LIMIT, MSG.uploadLimitAboveGlobal)
    .max(STORAGE_SETTINGS_MAX_BYTES, MSG.storageLimitMax(STORAGE_SETTINGS_MAX_BYTES, 'bytes')),
})
export type StorageConfigBody = z.input<typeof StorageConfigBody>
