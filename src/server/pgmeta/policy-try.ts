/**
 * POST policies/try and policies/try/storage (src/shared/contract/policy-try.ts): a policy tried before it is
 * saved. One transaction that is always rolled back: the policy is created as a save creates it (for an
 * edit, the old one dropped first), RLS turned on if the table has it off, then the role is taken with its
 * JWT claims as the project API takes it (SET LOCAL ROLE, request.jwt.claims), what it reads is read, and
 * each sample write runs in a savepoint that is rolled back before the next. Every statement stops after
 * POLICY_TRY_TIMEOUT_MS. The expressions are checked exactly as a save checks them (one expression, no
 * semicolon, nothing left open: see policy-sql.ts), so nothing of the definition can end the transaction.
 * Needs SQL admin write on policies, as a save does.
 */
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { Impersonation, Row } from '../../shared/api'
import { POLICY_TRY_COUNT_CAP, POLICY_TRY_ROW_LIMIT, POLICY_TRY_TIMEOUT_MS } from '../../shared/constants'
import {
  PolicyTryBody, StoragePolicyTryBody, TryAs, UUID_PATTERN, policyTry, type PolicyTryResponse,
  type StoragePolicyTryResponse, type TryObject, type TryOperation, type TryProbe, type TryRead,
} from '../../shared/contract/policy-try'
import { MSG } from '../../shared/messages'
import type { Policy } from '../../shared/policies'
import { quoteIdent, quoteQualified } from '../../shared/sql-quote'
import { objectKeyProblem } from '../../shared/storage'
import { impersonate, type Driver, type Param, type Queryable } from '../db/driver'
import { badRequest, isDatabaseError, notFound } from '../errors'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { finishCells } from '../rows/cells'
import { loadSource, type RowSource } from '../rows/source'
import { findColumn, selectRows } from '../rows/sql'
import { createPolicy, dropPolicy, readPolicy } from './policies'

type TableBody = z.output<typeof PolicyTryBody>
type StorageBody = z.output<typeof StoragePolicyTryBody>
type As = z.output<typeof TryAs>

/** At most this many user ids are suggested. */
const USER_ID_SUGGESTIONS = 20

export function policyTryRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('sqlAdminWritePolicies', MSG.editPoliciesPermission) }
  route(app, policyTry.tryPolicy, write, ({ body }) => tryTablePolicy(db, body))
  route(app, policyTry.tryStoragePolicy, write, ({ body }) => tryStoragePolicy(db, body))
}

// ---- the transaction that keeps nothing ----

/** Carries the try's answer out of its transaction, which the driver then rolls back. */
class RolledBack<T> extends Error {
  constructor(readonly answer: T) {
    super('The policy try is rolled back')
  }
}

/**
 * fn inside BEGIN … ROLLBACK, whatever happens: its answer leaves the transaction as a thrown value, so the
 * driver rolls back in every case (its own catch and finally) and never commits. String literals read as the
 * policy SQL was checked for; every statement has POLICY_TRY_TIMEOUT_MS.
 */
async function rolledBack<T>(db: Driver, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      await tx.query('set local standard_conforming_strings = on')
      await tx.query(`set local statement_timeout = ${Math.round(POLICY_TRY_TIMEOUT_MS)}`)
      throw new RolledBack(await fn(tx))
    })
  } catch (e) {
    if (e instanceof RolledBack) return e.answer as T
    throw e
  }
  throw new Error('The policy try was not rolled back')
}

/**
 * fn in a savepoint that is always rolled back to: what it wrote is gone before the next probe, and a
 * refusal does not spoil the transaction. A database error is answered, anything else thrown.
 */
/** What the role read (its count, capped), or why it could not, beside the table's or bucket's own total. */
function readAnswerOf(read: { value: { count: [number, boolean] } } | { error: DatabaseRefusal }, total: number, totalCapped: boolean): TryRead {
  return 'value' in read
    ? { error: null, count: read.value.count[0], countCapped: read.value.count[1], total, totalCapped }
    : { error: read.error.message, count: 0, countCapped: false, total, totalCapped }
}

async function inSavepoint<T>(tx: Queryable, fn: () => Promise<T>): Promise<{ value: T } | { error: DatabaseRefusal }> {
  await tx.query('savepoint policy_try')
  try {
    return { value: await fn() }
  } catch (e) {
    if (e instanceof SeedFailed) return { error: { message: e.message, code: e.code, seed: true } }
    if (!isDatabaseError(e)) throw e
    return { error: { message: e.message, code: e.code } }
  } finally {
    await tx.query('rollback to savepoint policy_try')
    await tx.query('release savepoint policy_try')
  }
}

interface DatabaseRefusal {
  message: string
  code: string
  /** the target could not be put in place first */
  seed?: boolean
}

/** Putting a probe's target in place (as the owner) failed: the probe is skipped, with the database's reason. */
class SeedFailed extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message)
  }
}

/** The claims the grid's role switch sends (src/web/model/project/role.ts): the role, and the user id as sub. */
function impersonationOf(as: As): Impersonation {
  return { role: as.role, claims: as.sub ? { sub: as.sub, role: as.role } : { role: as.role } }
}

/** For an edit: the policy replaced is dropped first, once it is found where the new one goes. */
async function dropReplaced(tx: Queryable, id: number, fits: (p: Policy) => boolean, otherwise: string): Promise<void> {
  const old = await readPolicy(tx, id)
  if (!fits(old)) throw badRequest(otherwise)
  await dropPolicy(tx, id)
}

/** RLS on for the try when the table has it off (the policy does nothing otherwise); whether it was off. */
async function turnOnRls(tx: Queryable, tableId: number, relation: string): Promise<boolean> {
  const { rows } = await tx.query<{ on: boolean }>('select relrowsecurity as on from pg_class where oid = $1::oid', [tableId])
  if (rows[0]?.on) return false
  await tx.query(`alter table ${relation} enable row level security`)
  return true
}

/** count(*) up to the cap: [count, capped]. */
async function countUpTo(tx: Queryable, from: string, params: Param[] = []): Promise<[number, boolean]> {
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from (select 1 from ${from} limit ${POLICY_TRY_COUNT_CAP + 1}) s`, params)
  const n = rows[0]?.n ?? 0
  return n > POLICY_TRY_COUNT_CAP ? [POLICY_TRY_COUNT_CAP, true] : [n, false]
}

function probeOf(operation: TryOperation, done: { value: Omit<TryProbe, 'operation'> } | { error: DatabaseRefusal }): TryProbe {
  if ('value' in done) return { operation, ...done.value }
  if (done.error.seed) return { operation, outcome: 'skipped', message: done.error.message, pgCode: done.error.code }
  return { operation, outcome: 'refused', message: done.error.message, pgCode: done.error.code }
}

const userIdsOf = (values: Iterable<unknown>) => {
  const ids = new Set<string>()
  for (const v of values) {
    if (typeof v === 'string' && UUID_PATTERN.test(v)) ids.add(v.toLowerCase())
    if (ids.size >= USER_ID_SUGGESTIONS) break
  }
  return [...ids]
}

// ---- a table policy ----

/** What the probes need of the table beyond the row source: the columns that have a default (or an identity). */
async function defaultedColumns(tx: Queryable, tableId: number): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    `select attname::text as name from pg_attribute where attrelid = $1::oid and attnum > 0 and not attisdropped and (atthasdef or attidentity <> '')`,
    [tableId],
  )
  return new Set(rows.map((r) => r.name))
}

/** The first row (as the owner reads it), less what an insert cannot give (generated, identity-always columns). */
function defaultSample(source: RowSource, first: Row | undefined): Row {
  const sample: Row = {}
  if (!first) return sample
  for (const c of source.columns) if (!c.generated && c.identity !== 'a' && c.name in first) sample[c.name] = first[c.name]
  return sample
}

export async function tryTablePolicy(db: Driver, body: TableBody): Promise<PolicyTryResponse> {
  const who = impersonationOf(body.as)
  const { policy } = body
  const table = `${policy.schema}.${policy.table}`
  return rolledBack(db, async (tx) => {
    if (body.replaces !== undefined) {
      await dropReplaced(tx, body.replaces, (p) => p.schema === policy.schema && p.table === policy.table, MSG.policyTryOtherTable(body.replaces, table))
    }
    const created = await createPolicy(tx, policy)
    const source = await loadSource(tx, created.table_id)
    const relation = quoteQualified(source.schema, source.name)
    const rlsTurnedOn = await turnOnRls(tx, source.id, relation)

    // as the owner: every row, the sample, and the user ids seen in the first rows
    const page = { filters: [], sorts: [], page: 1, limit: POLICY_TRY_ROW_LIMIT }
    const [total, totalCapped] = await countUpTo(tx, `${relation} t`)
    const first = selectRows(source, page)
    const ownerRows = finishCells(source, (await tx.query(first.sql, first.params)).rows).rows
    const sample = body.sample ?? defaultSample(source, ownerRows[0])
    for (const name of Object.keys(sample)) findColumn(source, name)
    const uuidColumns = source.columns.filter((c) => c.type === 'uuid').map((c) => c.name)
    const userIds = userIdsOf(ownerRows.flatMap((r) => uuidColumns.map((c) => r[c])))
    const defaulted = await defaultedColumns(tx, source.id)
    const key = source.primaryKey
    const keyMissing = key.filter((k) => !(k in sample))
    const keyMatch = key.map((k) => `t.${quoteIdent(k)} = v.${quoteIdent(k)}`).join(' and ')
    const sampleJson = JSON.stringify(sample)
    const populated = `json_populate_record(null::${relation}, $1::json)`
    const exists =
      key.length && !keyMissing.length
        ? (await tx.query(`select 1 from ${relation} t, ${populated} v where ${keyMatch}`, [sampleJson])).rows.length > 0
        : false

    /** The columns an insert of the sample gives: not generated nor identity-always; a key with a default makes its own. */
    const insertColumns = (withKey: boolean) =>
      Object.keys(sample).filter((name) => {
        const c = findColumn(source, name)
        return !c.generated && c.identity !== 'a' && (withKey || !(key.includes(name) && defaulted.has(name)))
      })
    const insertSql = (columns: string[]) => {
      const list = columns.map(quoteIdent).join(', ')
      return list ? `insert into ${relation} (${list}) select ${list} from ${populated}` : `insert into ${relation} default values`
    }

    /** The row the sample's key names is put there as the owner when there is none, then the role is taken again. */
    const seedRow = async (): Promise<boolean> => {
      if (exists) return false
      await tx.query('reset role')
      try {
        await tx.query(insertSql(insertColumns(true)), [sampleJson])
      } catch (e) {
        if (!isDatabaseError(e)) throw e
        throw new SeedFailed(`No row has the sample's key, and the sample could not be put there first: ${e.message}`, e.code)
      }
      await impersonate(tx, who)
      return true
    }
    const seededNote = (seeded: boolean) => (seeded ? ' (no row had its key: the try inserted the sample first, as the owner)' : '')

    /** Why an update or delete of the sample's row cannot be tried, or null. */
    const keyProblem = (): string | null => {
      if (!key.length) return `${table} has no primary key: an update or delete is tried on the row the sample's key names`
      if (keyMissing.length) return `The sample row has no ${keyMissing.join(', ')}: an update or delete is tried on the row its primary key names`
      return null
    }

    await impersonate(tx, who)
    const read = await inSavepoint(tx, async () => {
      const { sql, params } = selectRows(source, page)
      const seen = finishCells(source, (await tx.query(sql, params)).rows)
      return { seen, count: await countUpTo(tx, `${relation} t`) }
    })

    const probes: TryProbe[] = []
    probes.push(
      probeOf(
        'insert',
        await inSavepoint(tx, async () => {
          await tx.query(insertSql(insertColumns(false)), [sampleJson])
          return { outcome: 'passed' as const, message: 'The sample row would be inserted' }
        }),
      ),
    )
    const problem = keyProblem()
    for (const operation of ['update', 'delete'] as const) {
      if (problem) {
        probes.push({ operation, outcome: 'skipped', message: problem })
        continue
      }
      const done = await inSavepoint(tx, async () => {
        const seeded = await seedRow()
        let changed: number
        if (operation === 'update') {
          const sets = Object.keys(sample)
            .filter((name) => !key.includes(name) && findColumn(source, name).updatable)
            .map((name) => `${quoteIdent(name)} = v.${quoteIdent(name)}`)
          // nothing but the key: the row is updated to itself, which still meets USING and WITH CHECK
          if (!sets.length) sets.push(`${quoteIdent(key[0]!)} = t.${quoteIdent(key[0]!)}`)
          changed = (await tx.query(`update ${relation} as t set ${sets.join(', ')} from ${populated} v where ${keyMatch}`, [sampleJson])).rowCount
        } else {
          changed = (await tx.query(`delete from ${relation} as t using ${populated} v where ${keyMatch}`, [sampleJson])).rowCount
        }
        const verb = operation === 'update' ? 'updated' : 'deleted'
        return changed > 0
          ? { outcome: 'passed' as const, message: `The row with the sample's key would be ${verb}${seededNote(seeded)}`, seeded }
          : { outcome: 'refused' as const, message: `No row was ${verb}: the policies hide the row with the sample's key from ${who.role}${seededNote(seeded)}`, seeded }
      })
      probes.push(probeOf(operation, done))
    }

    const readAnswer = readAnswerOf(read, total, totalCapped)
    return {
      as: { role: body.as.role, sub: body.as.sub ?? null },
      rlsTurnedOn,
      userIds,
      probes,
      ...readAnswer,
      columns: source.columns.map((c) => c.name),
      rows: 'value' in read ? read.value.seen.rows : [],
      truncated: 'value' in read ? read.value.seen.truncated : [],
      sample,
    }
  })
}

// ---- a storage policy ----

const OBJECTS = quoteQualified('storage', 'objects')
const isObjectsPolicy = (p: Pick<Policy, 'schema' | 'table'>) => p.schema === 'storage' && p.table === 'objects'

export async function tryStoragePolicy(db: Driver, body: StorageBody): Promise<StoragePolicyTryResponse> {
  const who = impersonationOf(body.as)
  if (!body.policies.every(isObjectsPolicy)) throw badRequest(MSG.policyTryStorageOnly)
  if (body.objectName !== undefined) {
    const problem = objectKeyProblem(body.objectName)
    if (problem) throw badRequest(problem)
  }
  return rolledBack(db, async (tx) => {
    const bucket = await tx.query('select 1 from storage.buckets where id = $1', [body.bucketId])
    if (!bucket.rows.length) throw notFound(MSG.bucketNotFound)
    if (body.replaces !== undefined) await dropReplaced(tx, body.replaces, isObjectsPolicy, MSG.policyTryNotStorage(body.replaces))
    let tableId = 0
    for (const policy of body.policies) tableId = (await createPolicy(tx, policy)).table_id
    const rlsTurnedOn = await turnOnRls(tx, tableId, OBJECTS)

    // as the owner: every object of the bucket, the sample name, the user ids seen
    const inBucket = `${OBJECTS} o where o.bucket_id = $1`
    const [total, totalCapped] = await countUpTo(tx, inBucket, [body.bucketId])
    const firstObjects = await tx.query<{ name: string; owner: string | null }>(
      `select name, owner::text as owner from ${inBucket} order by name collate "C" limit ${POLICY_TRY_ROW_LIMIT}`,
      [body.bucketId],
    )
    const objectName = body.objectName ?? firstObjects.rows[0]?.name ?? 'example.txt'
    const userIds = userIdsOf([
      ...firstObjects.rows.map((o) => o.owner),
      ...firstObjects.rows.map((o) => o.name.split('/')[0]),
    ])
    const existing = await tx.query<{ id: string }>(`select id from ${inBucket} and o.name = $2`, [body.bucketId, objectName])
    const exists = existing.rows.length > 0
    const target = [body.bucketId, objectName] as const

    /** Sets the existing object aside (new: an upload) or puts one there (update, delete), as the owner; then the role again. */
    const asOwner = async (sql: string, params: Param[], why: string) => {
      await tx.query('reset role')
      try {
        await tx.query(sql, params)
      } catch (e) {
        if (!isDatabaseError(e)) throw e
        throw new SeedFailed(`${why}: ${e.message}`, e.code)
      }
      await impersonate(tx, who)
    }
    const upload = `insert into ${OBJECTS} (bucket_id, name, owner) values ($1, $2, $3::uuid)`
    const seedObject = async (): Promise<boolean> => {
      if (exists) return false
      await asOwner(upload, [...target, body.as.sub ?? null], 'No object has this name, and one could not be put there first')
      return true
    }
    const seededNote = (seeded: boolean) => (seeded ? ' (no object had this name: the try put one there first, owned by the user)' : '')

    await impersonate(tx, who)
    const read = await inSavepoint(tx, async () => {
      const { rows } = await tx.query<TryObject>(
        `select name, owner::text as owner, updated_at::text as updated_at from ${inBucket} order by name collate "C" limit ${POLICY_TRY_ROW_LIMIT}`,
        [body.bucketId],
      )
      return { objects: rows, count: await countUpTo(tx, inBucket, [body.bucketId]) }
    })

    const probes: TryProbe[] = []
    probes.push(
      probeOf(
        'insert',
        await inSavepoint(tx, async () => {
          if (exists) await asOwner(`delete from ${inBucket} and o.name = $2`, [...target], 'The object of this name could not be set aside first')
          await tx.query(upload, [...target, body.as.sub ?? null])
          const note = exists ? ' (as a new object: the one of this name was set aside first)' : ''
          return { outcome: 'passed' as const, message: `An upload of ${objectName} would be allowed${note}` }
        }),
      ),
    )
    for (const operation of ['update', 'delete'] as const) {
      const done = await inSavepoint(tx, async () => {
        const seeded = await seedObject()
        const changed =
          operation === 'update'
            ? (await tx.query(`update ${OBJECTS} o set updated_at = now() where o.bucket_id = $1 and o.name = $2`, [...target])).rowCount
            : (await tx.query(`delete from ${inBucket} and o.name = $2`, [...target])).rowCount
        const verb = operation === 'update' ? 'updated' : 'deleted'
        return changed > 0
          ? { outcome: 'passed' as const, message: `${objectName} would be ${verb}${seededNote(seeded)}`, seeded }
          : { outcome: 'refused' as const, message: `No object was ${verb}: the policies hide ${objectName} from ${who.role}${seededNote(seeded)}`, seeded }
      })
      probes.push(probeOf(operation, done))
    }

    const readAnswer = readAnswerOf(read, total, totalCapped)
    return {
      as: { role: body.as.role, sub: body.as.sub ?? null },
      rlsTurnedOn,
      userIds,
      probes,
      ...readAnswer,
      bucketId: body.bucketId,
      objects: 'value' in read ? read.value.objects : [],
      objectName,
    }
  })
}

