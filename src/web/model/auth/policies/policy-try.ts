/**
 * Trying a policy before saving it, in the policy editor's review step: who the policy is tried as (anon,
 * or authenticated with a user id), the sample row the probes write, and the last answer. The server
 * creates the policy in a transaction, reads and writes as the role and rolls back (POST policies/try), so
 * a try keeps nothing. The storage modal's try (storage-policy-try.ts) shares the role fields here.
 */
import { proxy } from 'valtio'
import { queryOptions } from '@tanstack/react-query'
import type { Api } from '../../../data/api'
import type { CommandContext } from '../../app/context'
import { CommandError } from '../../app/command-error'
import type { Column, GridTable, Row } from '../../../../shared/api'
import { POLICY_TRY_ROW_LIMIT } from '../../../../shared/constants'
import { UUID_PATTERN, type PolicyTryBody, type PolicyTryResponse, type TryRole } from '../../../../shared/contract/policy-try'
import { errorMessage } from '../../../../shared/error-message'
import { MSG } from '../../../../shared/messages'
import type { PolicyCreateBody } from '../../../../shared/policies'
import { keys } from '../../project/keys'
import { tableQuery } from '../../project/queries'
import { policyEditor } from './policy-editor-state'
import { reviewOfForm } from './policy-writes'

// ---- who the policy is tried as (both editors) ----

export interface TryWho {
  role: TryRole
  /** the user id (auth.uid()) for authenticated; '' for none */
  sub: string
}

/** What a try command may be given; what it is not given comes from the review step's fields. */
export interface TryWhoArgs {
  role?: TryRole
  sub?: string
}

/** The role and user id to try as: the arguments over the fields, checked (a user id is a UUID, for authenticated only). */
export function tryWho(fields: TryWho, args: TryWhoArgs): TryWho {
  const role = args.role ?? fields.role
  const sub = (args.sub ?? (args.role && args.role !== fields.role ? '' : fields.sub)).trim()
  if (sub && role !== 'authenticated') throw new CommandError(MSG.policyTryUserIdAnon, 'invalid-args')
  if (sub && !UUID_PATTERN.test(sub)) throw new CommandError(MSG.policyTryUserId, 'invalid-args')
  return { role, sub }
}

/** The body's `as`: no user id for anon, or when none is given. */
export const asOf = (who: TryWho) => (who.sub ? { role: who.role, sub: who.sub } : { role: who.role })

/** The user ids offered to try as: those seen before, then new ones, each once. */
export function mergeUserIds(known: readonly string[], more: readonly string[]): string[] {
  return [...new Set([...known, ...more.map((s) => s.toLowerCase())])]
}

// ---- the database policy editor's try ----

export const policyTry = proxy({
  role: 'anon' as TryRole,
  sub: '',
  /** the sample row, as JSON text the user edits */
  sample: '',
  /** the table the sample is for (0: none yet): another table's editor starts from its own first row */
  sampleFor: 0,
  running: false,
  result: null as PolicyTryResponse | null,
  /** what the result answers (see tryKey): shown only while the review is the same */
  resultFor: '',
  /** why the last try could not run (a refusal of the server, a bad sample) */
  error: null as string | null,
  /** user ids to pick from (uuid columns of the first rows) */
  userIds: [] as string[],
})

export function setTryRole(role: TryRole): void {
  policyTry.role = role
  if (role !== 'authenticated') policyTry.sub = ''
  policyTry.error = null
}

export function setTrySub(sub: string): void {
  policyTry.sub = sub
  policyTry.error = null
}

export function setTrySample(text: string): void {
  policyTry.sample = text
  policyTry.error = null
}

/** The sample a table's editor starts from (once per table, unless `again`: what the user typed is kept). */
export function prefillTrySample(tableId: number, sample: Row, userIds: readonly string[], again = false): void {
  if (policyTry.sampleFor === tableId && !again) return
  policyTry.sampleFor = tableId
  policyTry.sample = JSON.stringify(sample, null, 2)
  policyTry.userIds = mergeUserIds([], userIds)
}

/** Which review a try answers: the table, the policy edited and the SQL the review shows. */
export function tryKey(): string {
  const review = reviewOfForm()
  const { target, policy } = policyEditor
  return JSON.stringify([target?.tableId ?? 0, policy?.id ?? 0, 'sql' in review ? review.sql : review.problem])
}

/** The last answer, when it is about the review in view. */
export const currentTryResult = (): PolicyTryResponse | null => (policyTry.resultFor === tryKey() ? policyTry.result : null)

// ---- the sample row ----

/** The table's first rows as its owner reads them (RLS does not apply): the sample starts from the first. */
export const trySampleQuery = (api: Api, ref: string, tableId: number) =>
  queryOptions({
    queryKey: [...keys.rows(ref, tableId), 'policy-try-sample'] as const,
    queryFn: async () => (await api.rows(ref, { tableId, limit: POLICY_TRY_ROW_LIMIT })).rows,
  })

const NUMBER_FORMATS = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'money', 'oid'])
const TEXT_FORMATS = new Set(['text', 'varchar', 'bpchar', 'char', 'citext', 'name'])

/** A value a column takes when the table has no row to start from; undefined: leave it to its default. */
function placeholder(c: Column, sub: string): unknown {
  if (c.default_value !== null || c.is_identity || c.is_generated) return undefined
  if (c.format === 'uuid') return sub || null
  if (c.is_nullable) return null
  if (c.enums.length) return c.enums[0]
  if (c.format.startsWith('_')) return []
  if (NUMBER_FORMATS.has(c.format)) return 0
  if (TEXT_FORMATS.has(c.format)) return ''
  if (c.format === 'bool') return false
  if (c.format === 'json' || c.format === 'jsonb') return {}
  if (c.format === 'date') return new Date().toISOString().slice(0, 10)
  if (c.format.startsWith('timestamp')) return new Date().toISOString()
  return null
}

/**
 * The sample row: the first row (less what an insert cannot give: generated and identity-always columns),
 * or for an empty table, a value for each column that has no default (the user id for a uuid).
 */
export function sampleOf(table: Pick<GridTable, 'columns'>, first: Row | undefined, sub = ''): Row {
  const sample: Row = {}
  for (const c of table.columns) {
    if (c.is_generated || c.identity_generation === 'ALWAYS') continue
    if (first) {
      if (c.name in first) sample[c.name] = first[c.name]
      continue
    }
    const value = placeholder(c, sub)
    if (value !== undefined) sample[c.name] = value
  }
  return sample
}

/** The user ids in the uuid columns of these rows. */
export function userIdsIn(table: Pick<GridTable, 'columns'>, rows: readonly Row[]): string[] {
  const columns = table.columns.filter((c) => c.format === 'uuid').map((c) => c.name)
  return mergeUserIds([], rows.flatMap((r) => columns.map((c) => r[c])).filter((v): v is string => typeof v === 'string' && UUID_PATTERN.test(v)))
}

/** The table's sample and user ids, as the review step prefills them. */
export async function loadTrySample(ctx: Pick<CommandContext, 'api' | 'ref' | 'queryClient'>, tableId: number, sub = ''): Promise<{ sample: Row; userIds: string[] }> {
  const [table, rows] = await Promise.all([
    ctx.queryClient.fetchQuery(tableQuery(ctx.api, ctx.ref, tableId)),
    ctx.queryClient.fetchQuery(trySampleQuery(ctx.api, ctx.ref, tableId)),
  ])
  return { sample: sampleOf(table, rows[0], sub), userIds: userIdsIn(table, rows) }
}

/** The sample text as a row: a JSON object, or the reason it is not. */
export function parseSample(text: string): Row {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    throw new CommandError(MSG.policyTrySampleJson(errorMessage(e)), 'invalid-args')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CommandError(MSG.policyTrySampleJson(Array.isArray(value) ? 'it is an array' : `it is ${JSON.stringify(value)}`), 'invalid-args')
  }
  return value as Row
}

/** The policy as the editor's form has it, whole, and the policy it replaces for an edit. */
export function triedPolicy(): Pick<PolicyTryBody, 'policy' | 'replaces'> {
  const { target, policy, form } = policyEditor
  const review = reviewOfForm()
  if ('problem' in review) throw new CommandError(review.problem, 'invalid-args')
  if (!target) throw new CommandError(MSG.policyTryNothing, 'invalid-args')
  const body: PolicyCreateBody = {
    name: form.name,
    schema: policy?.schema ?? target.schema,
    table: policy?.table ?? target.table,
    action: policy?.action ?? 'PERMISSIVE',
    command: policy?.command ?? form.command!,
    definition: form.definition || null,
    check: form.check || null,
    roles: [...form.roles],
  }
  return policy ? { policy: body, replaces: policy.id } : { policy: body }
}

/**
 * Tries the editor's policy as the role (the arguments, else the review step's fields), with the sample
 * row (the argument's JSON, else the field's; none yet: the table's first row). The answer is kept for the
 * review to show; a refusal is kept as its error, and null answered.
 */
export async function tryPolicyForm(ctx: CommandContext, args: TryWhoArgs & { sample?: string }): Promise<PolicyTryResponse | null> {
  if (policyTry.running) return null
  const tried = triedPolicy()
  const who = tryWho(policyTry, args)
  const tableId = policyEditor.target!.tableId
  if (policyTry.sampleFor !== tableId || !policyTry.sample.trim()) {
    const prefill = await loadTrySample(ctx, tableId, who.sub)
    prefillTrySample(tableId, prefill.sample, prefill.userIds, true)
  }
  if (args.sample !== undefined) policyTry.sample = args.sample
  const sample = parseSample(policyTry.sample)
  Object.assign(policyTry, { role: who.role, sub: who.sub, running: true, error: null })
  const key = tryKey()
  try {
    const answer = await ctx.api.tryPolicy(ctx.ref, { ...tried, as: asOf(who), sample })
    Object.assign(policyTry, { result: answer, resultFor: key, userIds: mergeUserIds(policyTry.userIds, answer.userIds) })
    return answer
  } catch (e) {
    Object.assign(policyTry, { result: null, resultFor: '', error: errorMessage(e) })
    return null
  } finally {
    policyTry.running = false
  }
}
