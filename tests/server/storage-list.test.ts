/**
 * Paging through a folder of a few thousand entries (files, subfolders, a file and a folder of the same
 * name, names that sort around '/'): every page, by offset (storage-js and the dashboard) and by the
 * dashboard's keyset cursor (startAfter, the last entry seen), in both orders, gives each entry exactly once
 * and in the listing's order (name byte order, a folder before a file of the same name).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StorageClient } from '@supabase/storage-js'
import type { StorageItem } from '../../src/shared/storage'
import { storageTargets } from '../support/context'
import { client, REF } from './support/http'
import { bucketName, settings, storageClient } from './support/storage'

const FILES = 2500
const FOLDERS = 60
type Entry = [name: string, type: 'FILE' | 'FOLDER']

/** Every key under folder/ in the bucket, and the folder's entries in ascending listing order. */
function folderContents(): { keys: string[]; entries: Entry[] } {
  const keys: string[] = []
  const entries = new Map<string, Entry>()
  const add = (key: string) => {
    keys.push(`folder/${key}`)
    const slash = key.indexOf('/')
    const entry: Entry = slash < 0 ? [key, 'FILE'] : [key.slice(0, slash), 'FOLDER']
    entries.set(entry.join('\n'), entry)
  }
  for (let i = 0; i < FILES; i++) add(`file-${String(i).padStart(5, '0')}.txt`)
  for (let i = 0; i < FOLDERS; i++) {
    const dir = `file-${String(i * 41).padStart(5, '0')}${i % 3 ? '' : '.txt'}`
    for (const leaf of ['a', 'b/c', 'z']) add(`${dir}/${leaf}`)
  }
  for (const odd of ['a', 'a-b', 'a.b', 'a/x', 'a0', 'b/', 'zz/deep/er']) add(odd)
  const byte = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const sorted = [...entries.values()].sort((x, y) => byte(x[0], y[0]) || (x[1] === y[1] ? 0 : x[1] === 'FOLDER' ? -1 : 1))
  return { keys, entries: sorted }
}

/** asc reversed, folders still before files of the same name. */
function descending(entries: Entry[]): Entry[] {
  const out = [...entries].reverse()
  for (let i = 1; i < out.length; i++) {
    if (out[i]![0] === out[i - 1]![0] && out[i]![1] === 'FOLDER') [out[i - 1], out[i]] = [out[i]!, out[i - 1]!]
  }
  return out
}

describe.each(storageTargets())('storage folder paging on $name, bytes on $store', (target) => {
  const { sql, send } = client(target.url)
  const bucket = bucketName('list')
  const { keys, entries } = folderContents()
  let storage: StorageClient

  beforeAll(async () => {
    storage = storageClient(await settings(target.url), (await settings(target.url)).service_role_key)
    expect((await storage.createBucket(bucket)).error).toBeNull()
    await sql(`insert into storage.objects (bucket_id, name, version)
      select '${bucket}', k, gen_random_uuid()::text from unnest(array[${keys.map((k) => `'${k}'`).join(',')}]) k`)
  })
  afterAll(async () => {
    await storage.emptyBucket(bucket)
    await storage.deleteBucket(bucket)
  })

  const dashboardPage = async (options: Record<string, unknown>): Promise<Entry[]> => {
    const res = await send('POST', `/platform/storage/${REF}/buckets/${bucket}/objects/list`, { path: 'folder', options })
    expect(res.status).toBe(200)
    return (res.body as StorageItem[]).map((i) => [i.name, i.type])
  }

  for (const order of ['asc', 'desc'] as const) {
    const expected = () => (order === 'asc' ? entries : descending(entries))

    it(`pages by the dashboard's cursor (${order})`, async () => {
      const seen: Entry[] = []
      for (let pages = 0; pages < 100; pages++) {
        const last = seen.at(-1)
        const page = await dashboardPage({
          limit: 200, offset: 0, sortBy: { column: 'name', order }, ...(last ? { startAfter: { name: last[0], type: last[1] } } : {}),
        })
        seen.push(...page)
        if (page.length < 200) break
      }
      expect(seen).toEqual(expected())
    })

    it(`pages by offset on the dashboard (${order})`, async () => {
      const seen: Entry[] = []
      for (let offset = 0; ; offset += 200) {
        const page = await dashboardPage({ limit: 200, offset, sortBy: { column: 'name', order } })
        seen.push(...page)
        if (page.length < 200) break
      }
      expect(seen).toEqual(expected())
    })
  }

  it('pages by offset with storage-js, unchanged', async () => {
    const seen: Entry[] = []
    for (let offset = 0; ; offset += 300) {
      const { data, error } = await storage.from(bucket).list('folder', { limit: 300, offset, sortBy: { column: 'name', order: 'asc' } })
      expect(error).toBeNull()
      seen.push(...data!.map((i): Entry => [i.name, i.id ? 'FILE' : 'FOLDER']))
      if (data!.length < 300) break
    }
    expect(seen).toEqual(entries)
  })

  it('keeps offset paging where a cursor does not apply (a search, a sort by time)', async () => {
    const search = await dashboardPage({ limit: 5, offset: 5, search: 'file-0000', startAfter: { name: 'zz', type: 'FOLDER' } })
    expect(search).toEqual(entries.filter(([name]) => name.startsWith('file-0000')).slice(5, 10))
    const byTime = await dashboardPage({ limit: 10, offset: 0, sortBy: { column: 'created_at', order: 'asc' }, startAfter: { name: 'zz', type: 'FOLDER' } })
    expect(byTime).toHaveLength(10)
  })
})
