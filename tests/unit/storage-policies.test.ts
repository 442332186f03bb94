/** The storage policy rules and SQL (spec 5 Storage policy review, 9 Policies), as pure functions. */
import { describe, expect, it } from 'vitest'
import { MSG } from '../../src/shared/messages'
import type { Policy } from '../../src/shared/policies'
import {
  STORAGE_POLICY_TEMPLATES, groupStoragePolicies, policyBucketId, shortHash, sqlCommandsFor, storagePoliciesSql,
  storagePolicyCreates, storagePolicyProblem, type StoragePolicyForm,
} from '../../src/shared/storage-policies'

const form = (over: Partial<StoragePolicyForm> = {}): StoragePolicyForm => ({
  name: 'Own files', operations: ['download'], roles: [], definition: 'owner = auth.uid()', ...over,
})

describe('operation map (spec 9)', () => {
  it.each([
    [['upload'], ['INSERT']],
    [['download'], ['SELECT']],
    [['list'], ['SELECT']],
    [['update'], ['SELECT', 'UPDATE']],
    [['move'], ['SELECT', 'UPDATE']],
    [['copy'], ['SELECT', 'INSERT']],
    [['remove'], ['SELECT', 'DELETE']],
    [['signed-urls'], ['SELECT']],
    [['public-url'], []],
    [['remove', 'upload', 'download', 'move'], ['SELECT', 'INSERT', 'UPDATE', 'DELETE']],
    [['DELETE', 'list'], ['SELECT', 'DELETE']],
  ] as const)('%j needs %j', (ops, sql) => {
    expect(sqlCommandsFor(ops)).toEqual(sql)
  })
})

describe('review rules (spec 5)', () => {
  it('checks name, length, operations, definition, in that order', () => {
    expect(storagePolicyProblem(form({ name: '  ', operations: [], definition: '' }))).toBe(MSG.policyNameRequired)
    expect(storagePolicyProblem(form({ name: 'x'.repeat(51) }))).toBe(MSG.storagePolicyNameTooLong)
    expect(storagePolicyProblem(form({ name: 'x'.repeat(50) }))).toBeNull()
    expect(storagePolicyProblem(form({ operations: [] }))).toBe(MSG.storagePolicyOperationRequired)
    expect(storagePolicyProblem(form({ operations: ['public-url'] }))).toBe(MSG.storagePolicyOperationRequired)
    expect(storagePolicyProblem(form({ definition: ' \n' }))).toBe(MSG.storagePolicyDefinitionRequired)
  })
  it('refuses a definition that is not one expression', () => {
    expect(storagePolicyProblem(form({ definition: 'true) or (true' }))).toMatch(/parenthesis/)
    expect(storagePolicyProblem(form({ definition: 'true; drop table x' }))).toMatch(/semicolon/)
  })
})

describe('SQL of a form', () => {
  it('one operation: one policy with the plain name, the bucket condition ANDed with the definition', () => {
    expect(storagePoliciesSql('avatars', form())).toBe(
      'create policy "Own files"\non "storage"."objects"\nas permissive\nfor select\nto public\nusing (bucket_id = \'avatars\' and (owner = auth.uid()));',
    )
  })
  it('INSERT checks WITH CHECK, the others USING; several get "<name> <hash>_<index>"', () => {
    const creates = storagePolicyCreates("it's", form({ operations: ['upload', 'remove'], roles: ['authenticated'] }))
    const hash = shortHash('Own files', "it's")
    expect(hash).toMatch(/^[0-9a-z]{7}$/)
    expect(creates.map((c) => [c.name, c.command, c.definition, c.check, c.action, c.schema, c.table])).toEqual([
      [`Own files ${hash}_0`, 'SELECT', "bucket_id = 'it''s' and (owner = auth.uid())", null, 'PERMISSIVE', 'storage', 'objects'],
      [`Own files ${hash}_1`, 'INSERT', null, "bucket_id = 'it''s' and (owner = auth.uid())", 'PERMISSIVE', 'storage', 'objects'],
      [`Own files ${hash}_2`, 'DELETE', "bucket_id = 'it''s' and (owner = auth.uid())", null, 'PERMISSIVE', 'storage', 'objects'],
    ])
    expect(storagePoliciesSql("it's", form({ operations: ['upload'], roles: ['authenticated'] }))).toContain('to "authenticated"\nwith check (')
  })
  it('keeps the "<hash>_<index>" suffix whole when a long non-ASCII name meets the 63-byte limit', () => {
    const name = 'Ж'.repeat(27) // 27 characters, 54 bytes of UTF-8
    const names = storagePolicyCreates('b', form({ name, operations: ['update'] })).map((c) => c.name)
    expect(names).toHaveLength(2)
    expect(new Set(names).size).toBe(2)
    for (const [i, n] of names.entries()) {
      expect(new TextEncoder().encode(n).length).toBeLessThanOrEqual(63)
      expect(n).toMatch(new RegExp(`^Ж+ ${shortHash(name, 'b')}_${i}$`))
    }
  })
  it('the hash is stable and tells buckets and names apart', () => {
    expect(shortHash('a', 'b')).toBe(shortHash('a', 'b'))
    expect(shortHash('a', 'b')).not.toBe(shortHash('a', 'c'))
    expect(shortHash('a', 'b')).not.toBe(shortHash('b', 'b'))
  })
  it('a trailing line comment cannot swallow the closing parenthesis; no bucket: the definition alone', () => {
    expect(storagePolicyCreates('b', form({ definition: 'true -- all' }))[0]!.definition).toBe("bucket_id = 'b' and (true -- all\n)")
    expect(storagePolicyCreates(null, form())[0]!.definition).toBe('owner = auth.uid()')
  })
  it('five templates, each a valid form with a name of at most 50 characters', () => {
    expect(STORAGE_POLICY_TEMPLATES).toHaveLength(5)
    for (const t of STORAGE_POLICY_TEMPLATES) expect(storagePolicyProblem(t)).toBeNull()
  })
})

describe('the page groups (spec 2)', () => {
  const policy = (id: number, table: string, definition: string | null, check: string | null = null): Policy => ({
    id, name: `p${id}`, schema: 'storage', table, table_id: 1, action: 'PERMISSIVE', command: 'ALL', definition, check, roles: ['public'],
  })
  it('a policy belongs to the bucket its USING or WITH CHECK names', () => {
    const ids = new Set(['avatars', "o'neil"])
    expect(policyBucketId(policy(1, 'objects', "((bucket_id = 'avatars'::text) AND true)"), ids)).toBe('avatars')
    expect(policyBucketId(policy(2, 'objects', null, "(bucket_id = 'o''neil'::text)"), ids)).toBe("o'neil")
    expect(policyBucketId(policy(3, 'objects', "('avatars'::text = bucket_id)"), ids)).toBe('avatars')
    expect(policyBucketId(policy(4, 'objects', "(bucket_id = 'gone'::text)"), ids)).toBeNull()
  })
  it('splits per bucket, other storage.objects policies and storage.buckets policies', () => {
    const groups = groupStoragePolicies(
      [policy(1, 'objects', "(bucket_id = 'a'::text)"), policy(2, 'objects', 'true'), policy(3, 'buckets', 'true'), { ...policy(4, 'objects', 'true'), schema: 'public' }],
      ['a', 'b'],
    )
    expect(groups.byBucket.get('a')!.map((p) => p.id)).toEqual([1])
    expect(groups.byBucket.get('b')).toEqual([])
    expect(groups.otherObjects.map((p) => p.id)).toEqual([2])
    expect(groups.bucketTable.map((p) => p.id)).toEqual([3])
  })
})
