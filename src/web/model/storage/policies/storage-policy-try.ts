/**
 * Trying a storage policy before saving it, in the storage policy modal's review step: the role (and user
 * id), the bucket whose objects are read, the object name the upload, update and delete probes use, and
 * the last answer. The server creates the policies (one per SQL command) in a transaction, reads and writes
 * storage.objects as the role and rolls back (POST policies/try/storage): nothing is kept.
 */
import { proxy } from 'valtio'
import type { CommandContext } from '../../app/context'
import { CommandError } from '../../app/command-error'
import type { StoragePolicyTryBody, StoragePolicyTryResponse, TryRole } from '../../../../shared/contract/policy-try'
import { errorMessage } from '../../../../shared/error-message'
import { MSG } from '../../../../shared/messages'
import type { PolicyCreateBody } from '../../../../shared/policies'
import { policyBucketId, storagePolicyCreates } from '../../../../shared/storage-policies'
import { asOf, mergeUserIds, tryWho, type TryWhoArgs } from '../../auth/policies/policy-try'
import { bucketsQuery } from '../buckets/queries'
import { storagePolicyModal } from './storage-policy-state'
import { storageReviewOfForm } from './storage-policy-writes'

export const storagePolicyTry = proxy({
  role: 'anon' as TryRole,
  sub: '',
  /** the bucket chosen for the try ('' : the modal's, the one the policy names, or the first) */
  bucketId: '',
  /** the object name the probes use ('' : the bucket's first object) */
  objectName: '',
  running: false,
  result: null as StoragePolicyTryResponse | null,
  /** what the result answers (see storageTryKey) */
  resultFor: '',
  error: null as string | null,
  /** user ids to pick from: owners of the bucket's objects, top folders named by a user id */
  userIds: [] as string[],
  /** the modal the bucket and object name were chosen in (its bucket and policy): another one starts afresh */
  scope: '',
})

const scopeOfModal = () => JSON.stringify([storagePolicyModal.bucketId, storagePolicyModal.policy?.id ?? 0])

/** The bucket and object name belong to the modal they were chosen in: a modal for another bucket or policy starts without them. */
export function scopeStorageTry(): void {
  const scope = scopeOfModal()
  if (storagePolicyTry.scope === scope) return
  Object.assign(storagePolicyTry, { scope, bucketId: '', objectName: '', error: null })
}

export function setStorageTryRole(role: TryRole): void {
  storagePolicyTry.role = role
  if (role !== 'authenticated') storagePolicyTry.sub = ''
  storagePolicyTry.error = null
}

export function setStorageTrySub(sub: string): void {
  storagePolicyTry.sub = sub
  storagePolicyTry.error = null
}

export function setStorageTryObjectName(name: string): void {
  storagePolicyTry.objectName = name
  storagePolicyTry.error = null
}

export function setStorageTryBucket(bucketId: string): void {
  storagePolicyTry.bucketId = bucketId
  storagePolicyTry.error = null
}

/**
 * The bucket a try reads, among `bucketIds`: the one chosen, else the modal's, else the one the edited
 * policy names, else the first; null when there is none.
 */
export function storageTryBucket(bucketIds: readonly string[], chosen = storagePolicyTry.bucketId): string | null {
  const { bucketId, policy } = storagePolicyModal
  const ids = new Set(bucketIds)
  if (chosen && ids.has(chosen)) return chosen
  if (bucketId && ids.has(bucketId)) return bucketId
  const named = policy ? policyBucketId(policy, ids) : null
  return named ?? bucketIds[0] ?? null
}

/** Which review a try answers: the modal's bucket, the policy edited and the SQL the review shows. */
export function storageTryKey(): string {
  const review = storageReviewOfForm()
  const { bucketId, policy } = storagePolicyModal
  return JSON.stringify([bucketId, policy?.id ?? 0, 'sql' in review ? review.sql : review.problem])
}

export const currentStorageTryResult = (): StoragePolicyTryResponse | null =>
  storagePolicyTry.resultFor === storageTryKey() ? storagePolicyTry.result : null

/** The policies the modal's form makes (one per SQL command), or for an edit the policy as changed and the one it replaces. */
export function triedStoragePolicies(): Pick<StoragePolicyTryBody, 'policies' | 'replaces'> {
  const review = storageReviewOfForm()
  if ('problem' in review) throw new CommandError(review.problem, 'invalid-args')
  const { form, policy, bucketId } = storagePolicyModal
  if (!policy) return { policies: storagePolicyCreates(bucketId, form).map((p) => ({ ...p, roles: [...(p.roles ?? [])] })) }
  if (policy.schema !== 'storage' || policy.table !== 'objects') throw new CommandError(MSG.policyTryStorageOnly, 'invalid-args')
  // the form's definition is the policy's USING, or its WITH CHECK when it has no USING (as a save changes it)
  const field = policy.definition !== null || policy.command !== 'INSERT' ? 'definition' : 'check'
  const edited: PolicyCreateBody = {
    name: form.name, schema: policy.schema, table: policy.table, action: policy.action, command: policy.command,
    definition: policy.definition, check: policy.check, roles: [...form.roles], [field]: form.definition,
  }
  return { policies: [edited], replaces: policy.id }
}

export interface StorageTryArgs extends TryWhoArgs {
  bucketId?: string
  objectName?: string
}

/**
 * Tries the modal's policies as the role (the arguments, else the review step's fields) on a bucket's
 * objects, with an object name for the probes (none: the bucket's first object). The answer is kept for
 * the review to show; a refusal is kept as its error, and null answered.
 */
export async function tryStoragePolicyForm(ctx: CommandContext, args: StorageTryArgs): Promise<StoragePolicyTryResponse | null> {
  if (storagePolicyTry.running) return null
  scopeStorageTry()
  const tried = triedStoragePolicies()
  const who = tryWho(storagePolicyTry, args)
  const buckets = await ctx.queryClient.fetchQuery({ ...bucketsQuery(ctx.api, ctx.ref), staleTime: 5_000 })
  if (args.bucketId !== undefined && !buckets.some((b) => b.id === args.bucketId)) throw new CommandError(MSG.bucketNotFound, 'invalid-args')
  const bucketId = storageTryBucket(buckets.map((b) => b.id), args.bucketId)
  if (!bucketId) throw new CommandError(MSG.policyTryNoBucket, 'invalid-args')
  const objectName = (args.objectName ?? storagePolicyTry.objectName).trim()
  Object.assign(storagePolicyTry, { role: who.role, sub: who.sub, objectName, running: true, error: null })
  if (args.bucketId !== undefined) storagePolicyTry.bucketId = args.bucketId
  const key = storageTryKey()
  try {
    const answer = await ctx.api.tryStoragePolicy(ctx.ref, { ...tried, bucketId, as: asOf(who), ...(objectName ? { objectName } : {}) })
    Object.assign(storagePolicyTry, {
      result: answer, resultFor: key, objectName: answer.objectName, userIds: mergeUserIds(storagePolicyTry.userIds, answer.userIds),
    })
    return answer
  } catch (e) {
    Object.assign(storagePolicyTry, { result: null, resultFor: '', error: errorMessage(e) })
    return null
  } finally {
    storagePolicyTry.running = false
  }
}
