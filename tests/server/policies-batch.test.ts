/**
 * Several policies in one call (POST policies/batch: all or none) and one policy by id (GET policies?id=),
 * checked in pg_policies on both databases.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startStudio, type Studio } from '../../src/server/app'
import { MSG } from '../../src/shared/messages'
import { PERMISSIONS } from '../../src/shared/permissions'
import type { PolicyCreateBody } from '../../src/shared/policies'
import { quoteLiteral } from '../../src/shared/sql-quote'
import { ApiError } from '../../src/web/data/api'
import { TEST_AUTH_OPTIONS } from '../support/auth'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe.each(targets())('policy batches on $name', (target) => {
  const c = client(target.url)
  const { api } = c
  const schema = unique('batch')
  const batch = `/platform/pg-meta/${REF}/policies/batch`

  beforeAll(() => c.sql(`create schema ${schema}; create table ${schema}.items (id int, owner text); create table ${schema}.spare (id int)`))
  afterEach(async () => {
    const left = await c.sql<{ drop: string }>(`select format('drop policy %I on %I.%I', policyname, schemaname, tablename) as drop
      from pg_policies where schemaname = ${quoteLiteral(schema)}`)
    for (const { drop } of left) await c.sql(drop)
  })
  afterAll(() => c.sql(`drop schema ${schema} cascade`))

  const names = async () =>
    (await c.sql<{ name: string }>(`select policyname as name from pg_policies where schemaname = ${quoteLiteral(schema)} order by 1`)).map((r) => r.name)
  const body = (over: Partial<PolicyCreateBody> = {}): PolicyCreateBody =>
    ({ name: unique('p'), schema, table: 'items', command: 'SELECT', definition: 'true', ...over }) as PolicyCreateBody
  /** what a single create of `p` answers (a refusal) */
  async function singleRefusal(p: PolicyCreateBody) {
    const error = await api.createPolicy(REF, p).then(() => undefined, (e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }

  it('creates every policy in one call, in order, as single creates would', async () => {
    const asked = [
      body({ name: 'read', roles: ['anon'] }),
      body({ name: 'add', command: 'INSERT', definition: null, check: 'owner = current_user' }),
      body({ name: 'spare all', table: 'spare', command: 'ALL', definition: 'id > 0', check: 'id < 9' }),
    ]
    const created = await api.createPolicies(REF, asked)
    expect(created.map((p) => [p.name, p.table, p.command, p.definition, p.check, p.roles])).toEqual([
      ['read', 'items', 'SELECT', 'true', null, ['anon']],
      ['add', 'items', 'INSERT', null, '(owner = CURRENT_USER)', ['public']],
      ['spare all', 'spare', 'ALL', '(id > 0)', '(id < 9)', ['public']],
    ])
    const listed = await api.policies(REF, { included_schemas: [schema] })
    for (const p of created) expect(listed).toContainEqual(p)
    expect(await names()).toEqual(['add', 'read', 'spare all'])
  })

  it('creates none when one is refused, answering that one as a single create would', async () => {
    const good = body({ name: 'good' })
    const bad: [PolicyCreateBody, number][] = [
      [body({ table: 'nope' }), 404],
      [body({ roles: [unique('nobody')] }), 400],
      [body({ roles: ['postgres'] }), 400],
      [body({ definition: 'nope = 1' }), 400],
      [body({ definition: 'true); drop table items; --' }), 400],
      [body({ name: '' }), 400],
      [body({ command: 'INSERT', definition: null, check: null }), 400],
    ]
    for (const [refused, status] of bad) {
      const expected = await singleRefusal(refused)
      expect(expected.code).toBe(status)
      const res = await c.send('POST', batch, { create: [good, body({ name: 'second', table: 'spare' }), refused] })
      const { message, code, pgCode, position } = expected
      expect(res).toEqual({ status, body: JSON.parse(JSON.stringify({ message, code, pgCode, position })) })
      expect(await names()).toEqual([])
    }
    // a name taken twice in one batch: the second create fails and takes the first with it
    const twice = await c.send('POST', batch, { create: [good, good] })
    expect(twice.status).toBe(400)
    expect(twice.body.message).toMatch(/already exists/)
    expect(await names()).toEqual([])
  })

  it('drops and creates in one transaction: a policy replaced, or nothing when an id is unknown', async () => {
    const [old, kept] = await api.createPolicies(REF, [body({ name: 'old' }), body({ name: 'kept' })])
    const replaced = await api.policyBatch(REF, { delete: [old!.id], create: [body({ name: 'old', definition: 'id > 1' })] })
    expect(replaced.deleted).toEqual([old])
    expect(replaced.created).toEqual([expect.objectContaining({ name: 'old', definition: '(id > 1)' })])
    expect(await names()).toEqual(['kept', 'old'])

    const gone = replaced.created[0]!.id + 1_000_000
    const refused = await c.send('POST', batch, { delete: [kept!.id, gone], create: [body({ name: 'new' })] })
    expect(refused).toEqual({ status: 404, body: { message: MSG.policyNotFound(gone), code: 404 } })
    expect(await names()).toEqual(['kept', 'old'])
    expect(await api.deletePolicies(REF, [kept!.id, replaced.created[0]!.id])).toEqual([kept, replaced.created[0]])
    expect(await names()).toEqual([])
  })

  it('refuses an empty batch and a malformed one, changing nothing', async () => {
    expect(await c.send('POST', batch, {})).toEqual({ status: 400, body: { message: 'Nothing to do: create or delete at least one policy', code: 400 } })
    expect(await c.send('POST', batch, { create: [] })).toMatchObject({ status: 400 })
    expect(await c.send('POST', batch, { create: [body(), { ...body(), schema: 1 }] })).toEqual({
      status: 400, body: { message: 'create.1.schema: Invalid input: expected string, received number', code: 400 },
    })
    expect(await c.send('POST', batch, { delete: ['1'] })).toMatchObject({ status: 400 })
    expect(await names()).toEqual([])
  })

  it('reads one policy by id, as the list shows it, or 404', async () => {
    const [made] = await api.createPolicies(REF, [body({ name: 'one', command: 'UPDATE', definition: 'id > 0', check: null })])
    expect(await api.policy(REF, made!.id)).toEqual(made)
    await api.deletePolicy(REF, made!.id)
    await expect(api.policy(REF, made!.id)).rejects.toEqual(new ApiError(MSG.policyNotFound(made!.id), 404))
    expect((await c.send('GET', `/platform/pg-meta/${REF}/policies?id=x`)).status).toBe(400)
  })
})

describe('a policy batch needs SQL admin write on policies', () => {
  let dir: string
  let reader: Studio

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'studio-batch-perm-'))
    const grants = (['tenantSqlAdminRead', 'tenantSqlAdminWrite'] as const).map((n) => ({ actions: [PERMISSIONS[n].action], resources: [PERMISSIONS[n].resource] }))
    reader = await startStudio({ ...TEST_AUTH_OPTIONS, port: 0, dataDir: dir, serveStatic: false, logger: false, grants })
    await reader.db.exec('create table notes (id int); create policy kept on notes for select using (true)')
  }, 60_000)
  afterAll(async () => {
    await reader?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('refuses it without, changing nothing, and still reads a policy by id', async () => {
    const c = client(reader.url)
    const [kept] = await c.api.policies(REF, { included_schemas: ['public'] })
    const res = await c.send('POST', `/platform/pg-meta/${REF}/policies/batch`, {
      delete: [kept!.id], create: [{ name: 'new', schema: 'public', table: 'notes', command: 'SELECT', definition: 'true' }],
    })
    expect(res).toEqual({ status: 403, body: { message: MSG.editPoliciesPermission, code: 403 } })
    expect(await c.api.policy(REF, kept!.id)).toEqual(kept)
  })
})
