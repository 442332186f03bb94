/**
 * Storage policies are real RLS policies on storage.objects: with anon and two users' JWTs, storage-js
 * calls read, upload, move and delete exactly what the policies allow.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorageClient } from '@supabase/storage-js'
import { storageTargets } from '../support/context'
import { client, unique } from './support/http'
import { bucketFiles, bucketName, settings, storageClient, userToken, type Keys } from './support/storage'

describe.each(storageTargets())('storage RLS on $name, bytes on $store', (target) => {
  const { sql } = client(target.url)
  const bucket = bucketName('rls')
  const policy = unique('rls')
  const [u1, u2] = [randomUUID(), randomUUID()]
  let s: Keys
  let service: StorageClient
  let anon: StorageClient
  let one: StorageClient
  let two: StorageClient
  const rowsIn = async () => (await sql<{ name: string }>(`select name from storage.objects where bucket_id = '${bucket}' order by name`)).map((r) => r.name)

  beforeAll(async () => {
    s = await settings(target.url)
    service = storageClient(s, s.service_role_key)
    anon = storageClient(s, s.anon_key)
    one = storageClient(s, await userToken(s, u1))
    two = storageClient(s, await userToken(s, u2))
    expect((await service.createBucket(bucket)).error).toBeNull()
    // Users own the folder named by their id; everyone may read the folder 'shared'.
    const own = `bucket_id = '${bucket}' and (storage.foldername(name))[1] = auth.uid()::text`
    await sql(`
      create policy "${policy}_read" on storage.objects for select to authenticated using (${own});
      create policy "${policy}_insert" on storage.objects for insert to authenticated with check (${own});
      create policy "${policy}_update" on storage.objects for update to authenticated using (${own}) with check (${own});
      create policy "${policy}_delete" on storage.objects for delete to authenticated using (${own});
      create policy "${policy}_shared" on storage.objects for select to anon, authenticated
        using (bucket_id = '${bucket}' and (storage.foldername(name))[1] = 'shared');`)
  })
  afterAll(async () => {
    for (const p of ['read', 'insert', 'update', 'delete', 'shared']) await sql(`drop policy if exists "${policy}_${p}" on storage.objects`)
    await service.emptyBucket(bucket)
    await service.deleteBucket(bucket)
  })

  it('lets users upload into their own folder only, and anon nowhere', async () => {
    const mine = await one.from(bucket).upload(`${u1}/a.txt`, 'one a')
    expect(mine.error).toBeNull()
    const theirs = await one.from(bucket).upload(`${u2}/x.txt`, 'intruder')
    expect(theirs.error).toMatchObject({ status: 403, message: 'new row violates row-level security policy for table "objects"' })
    expect((await anon.from(bucket).upload('shared/anon.txt', 'anon')).error).toMatchObject({ status: 403 })
    expect((await two.from(bucket).upload(`${u2}/b.txt`, 'two b')).error).toBeNull()
    expect(await rowsIn()).toEqual([`${u1}/a.txt`, `${u2}/b.txt`].sort())
    expect(await bucketFiles(target, bucket)).toHaveLength(2)
    const owners = await sql<{ owner: string }>(`select owner from storage.objects where bucket_id = '${bucket}' and name = '${u1}/a.txt'`)
    expect(owners).toEqual([{ owner: u1 }])
  })

  it('lets each user read only their own files, and everyone the shared folder', async () => {
    await service.from(bucket).upload('shared/s.txt', 'for all')
    expect(await (await one.from(bucket).download(`${u1}/a.txt`)).data?.text()).toBe('one a')
    expect((await two.from(bucket).download(`${u1}/a.txt`)).error).toMatchObject({ status: 404 })
    expect((await anon.from(bucket).download(`${u1}/a.txt`)).error).toMatchObject({ status: 404 })
    expect(await (await anon.from(bucket).download('shared/s.txt')).data?.text()).toBe('for all')
    expect((await two.from(bucket).list()).data?.map((e) => e.name)).toEqual([u2, 'shared'].sort())
    expect((await anon.from(bucket).list()).data?.map((e) => e.name)).toEqual(['shared'])
    expect((await two.from(bucket).createSignedUrl(`${u1}/a.txt`, 60)).error).toMatchObject({ status: 404 })
  })

  it('lets users move their own files within their folder, not out of it or others\' files', async () => {
    expect((await one.from(bucket).move(`${u1}/a.txt`, `${u1}/renamed.txt`)).error).toBeNull()
    expect((await one.from(bucket).move(`${u1}/renamed.txt`, `${u2}/stolen.txt`)).error).toMatchObject({ status: 403 })
    expect((await two.from(bucket).move(`${u1}/renamed.txt`, `${u2}/stolen.txt`)).error).toMatchObject({ status: 404 })
    expect(await rowsIn()).toEqual([`${u1}/renamed.txt`, `${u2}/b.txt`, 'shared/s.txt'].sort())
  })

  it('lets users delete only their own files', async () => {
    expect((await two.from(bucket).remove([`${u1}/renamed.txt`])).data).toEqual([])
    expect((await anon.from(bucket).remove(['shared/s.txt'])).data).toEqual([])
    expect((await one.from(bucket).remove([`${u1}/renamed.txt`])).data?.map((r) => r.name)).toEqual([`${u1}/renamed.txt`])
    expect(await rowsIn()).toEqual([`${u2}/b.txt`, 'shared/s.txt'])
    expect(await bucketFiles(target, bucket)).toHaveLength(2)
  })

  it('refuses an expired user token', async () => {
    const expired = storageClient(s, await userToken(s, u1, -10))
    expect((await expired.from(bucket).list()).error).toMatchObject({ status: 400, message: 'jwt expired' })
  })

  it('lets an upload-only (INSERT) policy upload without also needing a read policy', async () => {
    const dropbox = bucketName('drop')
    expect((await service.createBucket(dropbox)).error).toBeNull()
    await sql(`create policy "${policy}_drop" on storage.objects for insert to anon with check (bucket_id = '${dropbox}')`)
    try {
      expect((await anon.from(dropbox).upload('letter.txt', 'dear')).error).toBeNull()
      expect((await anon.from(dropbox).download('letter.txt')).error).toMatchObject({ status: 404 })
      const rows = await sql<{ name: string }>(`select name from storage.objects where bucket_id = '${dropbox}'`)
      expect(rows).toEqual([{ name: 'letter.txt' }])
    } finally {
      await sql(`drop policy if exists "${policy}_drop" on storage.objects`)
      await service.emptyBucket(dropbox)
      await service.deleteBucket(dropbox)
    }
  })
})
