/**
 * Storage policy commands, run headless against a real server (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): each change is checked in pg_policies, and a policy made through the modal
 * from the "own folder" template is proven with storage-js as two users.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StorageClient } from '@supabase/storage-js'
import '../../commands/storage-policies'
import { getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, STORAGE_POLICY_NAME_MAX } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { STORAGE_POLICY_TEMPLATES, shortHash } from '../../src/shared/storage-policies'
import {
  closeStoragePolicyModal, setStoragePolicyDefinition, setStoragePolicyName, storagePolicyModal,
} from '../../src/web/model/storage/policies/storage-policy-state'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { bucketName, settings, storageClient, userToken } from '../server/support/storage'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`

describe.each(targets())('storage policy commands on $name', (target) => {
  const bucket = bucketName('pol')
  const tag = Math.random().toString(36).slice(2, 8)
  const [userA, userB] = [randomUUID(), randomUUID()]
  let ctx: HeadlessContext
  let service: StorageClient

  const q = <R = Record<string, unknown>>(sql: string) => ctx.api.query<R>(ref, sql)
  interface PgPolicy { policyname: string; cmd: string; roles: string[] | string; qual: string | null; with_check: string | null }
  /** the storage.objects policies of this run (their names carry the tag) */
  const mine = () =>
    q<PgPolicy>(`select policyname, cmd, roles, qual, with_check from pg_policies
      where schemaname = 'storage' and tablename = 'objects' and policyname like ${lit(`%${tag}%`)} order by policyname`)
  const names = async () => (await mine()).map((p) => p.policyname)

  beforeAll(async () => {
    ctx = headlessContext(target, paths.storagePolicies(ref))
    const s = await settings(target.url)
    service = storageClient(s, s.service_role_key)
    expect((await service.createBucket(bucket)).error).toBeNull()
  })

  afterAll(async () => {
    closeStoragePolicyModal()
    for (const name of await names()) await q(`drop policy ${`"${name.replaceAll('"', '""')}"`} on storage.objects`)
    await service.emptyBucket(bucket)
    await service.deleteBucket(bucket)
  })

  beforeEach(async () => {
    ctx.toasts.length = 0
    ctx.confirmAnswers.length = 0
    ctx.denied.clear()
    if (storagePolicyModal.open) closeStoragePolicyModal()
  })

  it('the modal with the "own folder" template makes policies that let user A use only their folder', async () => {
    await run('storage.policies.modal.open', { bucketId: bucket, template: 'own-folder' })
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'editor', bucketId: bucket })
    const name = `Own folder ${tag}`
    setStoragePolicyName(name)
    await run('storage.policies.modal.review')
    expect(storagePolicyModal.view).toBe('review')
    await run('storage.policies.modal.save')
    expect(storagePolicyModal.open).toBe(false)

    // upload, download, update, remove → SELECT, INSERT, UPDATE, DELETE; one policy each, hash-suffixed
    const hash = shortHash(name, bucket)
    const made = await mine()
    expect(made.map((p) => [p.policyname, p.cmd])).toEqual([
      [`${name} ${hash}_0`, 'SELECT'], [`${name} ${hash}_1`, 'INSERT'], [`${name} ${hash}_2`, 'UPDATE'], [`${name} ${hash}_3`, 'DELETE'],
    ])
    expect(made[1]!.qual).toBeNull()
    expect(made[1]!.with_check).toContain(`bucket_id = ${lit(bucket)}`)
    expect(ctx.toasts).toEqual([{ kind: 'success', message: MSG.storagePoliciesCreated(4) }])

    const s = await settings(target.url)
    const a = storageClient(s, await userToken(s, userA))
    expect((await a.from(bucket).upload(`${userA}/notes.txt`, 'mine')).error).toBeNull()
    expect((await a.from(bucket).upload(`${userB}/notes.txt`, 'theirs')).error).toMatchObject({ status: 403 })
    expect((await a.from(bucket).upload('top.txt', 'root')).error).toMatchObject({ status: 403 })
    expect(await q(`select name from storage.objects where bucket_id = ${lit(bucket)}`)).toEqual([{ name: `${userA}/notes.txt` }])
  })

  it('create validates first with each spec message and creates nothing', async () => {
    const base = { bucketId: bucket, name: `Check ${tag}`, operations: ['download'], definition: 'true' }
    const before = await names()
    await expect(run('storage.policies.create', { ...base, name: ' ' })).rejects.toThrow(MSG.policyNameRequired)
    await expect(run('storage.policies.create', { ...base, name: `${tag}${'x'.repeat(50)}` })).rejects.toThrow(MSG.storagePolicyNameTooLong)
    await expect(run('storage.policies.create', { ...base, operations: [] })).rejects.toThrow(MSG.storagePolicyOperationRequired)
    await expect(run('storage.policies.create', { ...base, operations: ['public-url'] })).rejects.toThrow(MSG.storagePolicyOperationRequired)
    await expect(run('storage.policies.create', { ...base, definition: '' })).rejects.toThrow(MSG.storagePolicyDefinitionRequired)
    await expect(run('storage.policies.create', { ...base, bucketId: `${bucket}-none` })).rejects.toThrow(MSG.bucketNotFound)
    ctx.denied.add('sqlAdminWritePolicies')
    await expect(run('storage.policies.create', base)).rejects.toThrow(MSG.editPoliciesPermission)
    expect(await names()).toEqual(before)
  })

  it('create: one operation is one policy with the plain name, for the given roles', async () => {
    const name = `Read ${tag}`
    const made = (await run('storage.policies.create', { bucketId: bucket, name, operations: 'download, list', roles: ['anon'], definition: "(storage.foldername(name))[1] = 'public'" }))!
    expect(made.map((p) => [p.name, p.command, p.roles])).toEqual([[name, 'SELECT', ['anon']]])
    expect(made[0]!.definition).toContain(`bucket_id = ${lit(bucket)}`)
    expect(ctx.toasts).toEqual([{ kind: 'success', message: MSG.policyCreated(name) }])
  })

  it('a save the database refuses makes none of the policies, toasts, and goes back to the editor', async () => {
    const name = `Clash ${tag}`
    const taken = `${name} ${shortHash(name, bucket)}_1`
    await q(`create policy "${taken}" on storage.objects for insert with check (false)`)
    await run('storage.policies.modal.open', { bucketId: bucket, template: 'scratch' })
    Object.assign(storagePolicyModal.form, { name, operations: ['copy'], definition: 'true' })
    await run('storage.policies.modal.review')
    const saved = await run('storage.policies.modal.save')
    expect(saved).toBeNull()
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'editor' })
    expect(storagePolicyModal.form.name).toBe(name)
    expect(ctx.toasts.at(-1)?.kind).toBe('error')
    expect(ctx.toasts.at(-1)?.message).toMatch(/^Error adding policy: .*already exists/)
    expect((await names()).filter((n) => n.startsWith(name))).toEqual([taken])
  })

  it('edit opens the modal on the policy; its save renames it and changes the definition', async () => {
    const [policy] = (await run('storage.policies.create', { bucketId: bucket, name: `Edit ${tag}`, operations: ['upload'], definition: 'false' }))!
    await run('storage.policies.edit', { policyId: policy!.id })
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'editor', policy: { id: policy!.id } })
    expect(storagePolicyModal.form.definition).toBe(policy!.check)
    Object.assign(storagePolicyModal.form, { name: `Edited ${tag}`, definition: `bucket_id = ${lit(bucket)} and true` })
    await run('storage.policies.modal.review')
    await run('storage.policies.modal.save')
    expect(storagePolicyModal.open).toBe(false)
    const [row] = (await mine()).filter((p) => p.policyname === `Edited ${tag}`)
    expect(row).toMatchObject({ cmd: 'INSERT', qual: null })
    expect(row!.with_check).toContain('true')
  })

  it('delete asks first; yes drops it with the spec toast; without the permission the spec reason', async () => {
    const [policy] = (await run('storage.policies.create', { bucketId: bucket, name: `Gone ${tag}`, operations: ['list'], definition: 'true' }))!
    ctx.confirmAnswers.push(false)
    expect(await run('storage.policies.delete', { policyId: policy!.id })).toBe(false)
    expect(await names()).toContain(`Gone ${tag}`)
    ctx.denied.add('sqlAdminWritePolicies')
    await expect(run('storage.policies.delete', { policyId: policy!.id })).rejects.toThrow(MSG.editPoliciesPermission)
    ctx.denied.clear()
    expect(await run('storage.policies.delete', { policyId: policy!.id })).toBe(true)
    expect(await names()).not.toContain(`Gone ${tag}`)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.policyDeleted })
  })

  it('offers the bucket open in the explorer first when asking which bucket a new policy is for', async () => {
    const first = async () => (await getCommand('storage.policies.modal.open')!.argOptions!.bucketId!(ctx, {}))[0]
    await ctx.navigate({ to: paths.storageBucket(ref, bucket) })
    expect(await first()).toMatchObject({ value: bucket, hint: 'this bucket · Private' })
    await ctx.navigate({ to: paths.storagePolicies(ref) })
    expect((await first())?.hint ?? '').not.toMatch(/this bucket/)
  })

  it('walked step by step (templates, a template, review, back, save) the modal makes the template\'s policy', async () => {
    await run('storage.policies.modal.open', { bucketId: bucket })
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'selection', bucketId: bucket })
    await run('storage.policies.modal.start', { from: 'templates' })
    expect(storagePolicyModal.view).toBe('templates')
    await run('storage.policies.modal.template', { templateId: 'public-jpg' })
    const template = STORAGE_POLICY_TEMPLATES.find((t) => t.id === 'public-jpg')!
    expect(storagePolicyModal.view).toBe('editor')
    expect(storagePolicyModal.form).toMatchObject({ operations: template.operations, roles: template.roles, definition: template.definition })
    const name = `JPG ${tag}`
    setStoragePolicyName(name)
    await run('storage.policies.modal.review')
    expect(storagePolicyModal.view).toBe('review')
    await run('storage.policies.modal.back')
    expect(storagePolicyModal).toMatchObject({ view: 'editor', form: { name, definition: template.definition } })
    await run('storage.policies.modal.review')
    await run('storage.policies.modal.save')
    expect(storagePolicyModal.open).toBe(false)

    const [made] = (await mine()).filter((p) => p.policyname === name)
    expect(made).toMatchObject({ cmd: 'SELECT', with_check: null })
    expect(String(made!.roles).replace(/[{}]/g, '')).toBe('anon')
    expect(made!.qual).toContain(`bucket_id = ${lit(bucket)}`)
    expect(made!.qual).toContain('storage.extension(name)')
  })

  it('back keeps an edited policy in the editor; close with edits asks, and discarding leaves the policy as it was', async () => {
    const [policy] = (await run('storage.policies.create', { bucketId: bucket, name: `Keep ${tag}`, operations: ['download'], definition: 'true' }))!
    const before = (await mine()).find((p) => p.policyname === `Keep ${tag}`)!
    await run('storage.policies.edit', { policyId: policy!.id })
    await run('storage.policies.modal.back')
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'editor', policy: { id: policy!.id } })

    setStoragePolicyDefinition('false')
    await run('storage.policies.modal.review')
    await run('storage.policies.modal.back')
    expect(storagePolicyModal).toMatchObject({ view: 'editor', form: { definition: 'false' } })

    const asked = ctx.confirms.length
    ctx.confirmAnswers.push(false)
    expect(await run('storage.policies.modal.close')).toBe(false)
    expect(ctx.confirms).toHaveLength(asked + 1)
    expect(ctx.confirms.at(-1)).toMatchObject({ title: MSG.discardPolicyChanges, destructive: true })
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'editor', form: { definition: 'false' } })
    expect(await run('storage.policies.modal.close')).toBe(true)
    expect(storagePolicyModal.open).toBe(false)
    expect((await mine()).find((p) => p.policyname === `Keep ${tag}`)).toEqual(before)
  })
})

/**
 * The modal's steps and their refusals, a new policy for no bucket in particular: the store and the
 * in-memory navigation only (no bucket to look up, nothing saved), so once.
 */
describe.each(targets().slice(0, 1))('the storage policy modal (no database: once) on $name', (target) => {
  let ctx: HeadlessContext
  const openForNoBucket = () => run('storage.policies.modal.open', { bucketId: '' })

  beforeEach(() => {
    ctx = headlessContext(target, paths.project(ref))
    closeStoragePolicyModal()
  })
  afterAll(() => closeStoragePolicyModal())

  it('storage.policies.go goes to the storage policies page', async () => {
    await ctx.navigate({ search: { q: 'x' } })
    await run('storage.policies.go')
    expect(ctx.location).toEqual({ pathname: paths.storagePolicies(ref), search: {} })
    expect(ctx.route.id).toBe('storage.policies')
    expect(storagePolicyModal.open).toBe(false)
  })

  it('start goes to the templates or to an empty editor, from the first step only', async () => {
    await expect(run('storage.policies.modal.start', { from: 'templates' })).rejects.toMatchObject({ kind: 'unavailable' })
    await openForNoBucket()
    expect(ctx.location.pathname).toBe(paths.storagePolicies(ref))
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'selection', bucketId: null })
    await expect(runUnchecked('storage.policies.modal.start', { from: 'somewhere' })).rejects.toMatchObject({ kind: 'invalid-args' })
    await run('storage.policies.modal.start', { from: 'templates' })
    expect(storagePolicyModal.view).toBe('templates')
    await expect(run('storage.policies.modal.start', { from: 'scratch' })).rejects.toMatchObject({ kind: 'unavailable' })
    await run('storage.policies.modal.back')
    expect(storagePolicyModal.view).toBe('selection')
    await run('storage.policies.modal.start', { from: 'scratch' })
    expect(storagePolicyModal).toMatchObject({ view: 'editor', form: { name: '', operations: [], roles: [], definition: '' } })
  })

  it('template fills the form from the templates step only, and names a template that does not exist', async () => {
    await openForNoBucket()
    await expect(run('storage.policies.modal.template', { templateId: 'own-folder' })).rejects.toMatchObject({ kind: 'unavailable' })
    await run('storage.policies.modal.start', { from: 'templates' })
    await expect(run('storage.policies.modal.template', { templateId: 'no-such' })).rejects.toMatchObject({
      kind: 'invalid-args', message: 'There is no storage policy template "no-such"',
    })
    expect(storagePolicyModal.view).toBe('templates')
    for (const template of STORAGE_POLICY_TEMPLATES) {
      await run('storage.policies.modal.template', { templateId: template.id })
      expect(storagePolicyModal.view).toBe('editor')
      expect(storagePolicyModal.form).toEqual({
        name: template.name.slice(0, STORAGE_POLICY_NAME_MAX), operations: template.operations, roles: template.roles, definition: template.definition,
      })
      // back from a new policy's editor is the first step again
      await run('storage.policies.modal.back')
      expect(storagePolicyModal.view).toBe('selection')
      await run('storage.policies.modal.start', { from: 'templates' })
    }
  })

  it('back walks review → editor → first step, keeping what was typed; it is not offered on the first step', async () => {
    await expect(run('storage.policies.modal.back')).rejects.toMatchObject({ kind: 'unavailable' })
    await openForNoBucket()
    await expect(run('storage.policies.modal.back')).rejects.toMatchObject({ kind: 'unavailable' })
    await run('storage.policies.modal.start', { from: 'scratch' })
    Object.assign(storagePolicyModal.form, { name: `Back ${Date.now()}`, operations: ['download'], definition: 'true' })
    const typed = { ...storagePolicyModal.form }
    await run('storage.policies.modal.review')
    expect(storagePolicyModal.view).toBe('review')
    await run('storage.policies.modal.back')
    expect(storagePolicyModal).toMatchObject({ view: 'editor', form: typed })
    await run('storage.policies.modal.back')
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'selection', form: typed })
  })

  it('close asks only when the form has unsaved edits; no keeps the modal and the form', async () => {
    await expect(run('storage.policies.modal.close')).rejects.toMatchObject({ kind: 'unavailable' })
    await openForNoBucket()
    expect(await run('storage.policies.modal.close')).toBe(true)
    expect(storagePolicyModal.open).toBe(false)
    expect(ctx.confirms).toEqual([])

    await openForNoBucket()
    await run('storage.policies.modal.start', { from: 'templates' })
    await run('storage.policies.modal.template', { templateId: 'own-folder' })
    ctx.confirmAnswers.push(false)
    expect(await run('storage.policies.modal.close')).toBe(false)
    expect(ctx.confirms).toEqual([expect.objectContaining({ title: MSG.discardPolicyChanges, confirmLabel: 'Discard' })])
    expect(storagePolicyModal).toMatchObject({ open: true, view: 'editor', form: { definition: STORAGE_POLICY_TEMPLATES[1]!.definition } })
    expect(await run('storage.policies.modal.close')).toBe(true)
    expect(ctx.confirms).toHaveLength(2)
    expect(storagePolicyModal.open).toBe(false)
  })
})
