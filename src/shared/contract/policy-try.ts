/**
 * Trying a policy before saving it (the policy editors' review step), under /platform/pg-meta/{ref}/policies/try:
 * the server creates the policy (for an edit: drops the old one and creates the new) inside a transaction,
 * switches to the role with its JWT claims as the project API does, reads what that role sees and runs
 * sample writes, each in a savepoint, then rolls everything back. Nothing is kept: not the policy, not a
 * sample row, not a changed RLS state. It needs the right to write policies, as a save does.
 */
import { z } from 'zod'
import type { Row, TruncatedCell } from '../api'
import { MSG } from '../messages'
import { PolicyCreateBody } from '../policies'
import { endpoint, type } from './endpoint'
import { PG_META } from './pg-meta'

const TRY = `${PG_META}/policies/try` as const

/** The roles a policy is tried as: a visitor, and a signed-in user (with an id auth.uid() returns, or none). */
export const TRY_ROLES = ['anon', 'authenticated'] as const
export type TryRole = (typeof TRY_ROLES)[number]

/** A UUID as Postgres reads one (any version). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Who the probes run as: the role, and for authenticated, optionally the user id (the JWT's sub). */
export const TryAs = z
  .object({
    role: z.enum(TRY_ROLES, { error: MSG.policyTryRole }),
    sub: z.string().trim().regex(UUID_PATTERN, MSG.policyTryUserId).optional(),
  })
  .refine((a) => !a.sub || a.role === 'authenticated', { message: MSG.policyTryUserIdAnon, path: ['sub'] })
export type TryAs = z.input<typeof TryAs>

/**
 * A table policy tried: the policy as the editor's form has it (its whole definition), the policy it
 * replaces for an edit, the role, and a sample row (column → value, read by the columns' types) for the
 * insert, update and delete probes; none: the table's first row.
 */
export const PolicyTryBody = z.object({
  policy: PolicyCreateBody,
  replaces: z.number().int().positive().optional(),
  as: TryAs,
  sample: z.record(z.string(), z.unknown()).nullable().optional(),
})
export type PolicyTryBody = z.input<typeof PolicyTryBody>

/**
 * A storage policy tried: the policies on storage.objects the form makes (one per SQL command), the policy
 * it replaces for an edit, the bucket whose objects are read, the role, and an object name for the upload,
 * update and delete probes; none: the bucket's first object.
 */
export const StoragePolicyTryBody = z.object({
  policies: z.array(PolicyCreateBody).min(1).max(4),
  replaces: z.number().int().positive().optional(),
  bucketId: z.string().min(1),
  as: TryAs,
  objectName: z.string().optional(),
})
export type StoragePolicyTryBody = z.input<typeof StoragePolicyTryBody>

export type TryOperation = 'insert' | 'update' | 'delete'

/** One sample write, run as the role in a savepoint and rolled back. */
export interface TryProbe {
  operation: TryOperation
  /** passed: the database took it; refused: it did not (or it touched no row); skipped: it could not be tried */
  outcome: 'passed' | 'refused' | 'skipped'
  /** what happened in words: the database's own message when it refused */
  message: string
  /** the database's SQLSTATE, when it refused with an error */
  pgCode?: string
  /** the target did not exist, so the try put it there first as the owner (update and delete probes) */
  seeded?: boolean
}

/** What the role reads, and how many rows there are: each count stops at POLICY_TRY_COUNT_CAP (then `…Capped`). */
export interface TryRead {
  /** the database's message when the role may not read at all (no grant, an expression that fails) */
  error: string | null
  count: number
  countCapped: boolean
  /** every row of the table (or object of the bucket), as its owner counts them */
  total: number
  totalCapped: boolean
}

export interface TryAnswer {
  as: { role: TryRole; sub: string | null }
  /** RLS was off on the table: the try turned it on in its transaction (a save does not) */
  rlsTurnedOn: boolean
  /** user ids seen by the owner (uuid columns of the first rows, objects' owners), to try as one of them */
  userIds: string[]
  probes: TryProbe[]
}

export interface PolicyTryResponse extends TryAnswer, TryRead {
  /** the table's columns, in order */
  columns: string[]
  /** the first POLICY_TRY_ROW_LIMIT rows the role reads, long values cut as in the grid */
  rows: Row[]
  truncated: TruncatedCell[]
  /** the sample row the probes used */
  sample: Row
}

export interface TryObject {
  name: string
  owner: string | null
  updated_at: string | null
}

export interface StoragePolicyTryResponse extends TryAnswer, TryRead {
  bucketId: string
  /** the bucket's first POLICY_TRY_ROW_LIMIT objects the role sees, by name */
  objects: TryObject[]
  /** the object name the probes used */
  objectName: string
}

export const policyTry = {
  tryPolicy: endpoint({ method: 'POST', path: TRY, body: PolicyTryBody, response: type<PolicyTryResponse>() }),
  tryStoragePolicy: endpoint({ method: 'POST', path: `${TRY}/storage`, body: StoragePolicyTryBody, response: type<StoragePolicyTryResponse>() }),
}
