/**
 * Walking a bucket for the object actions: a folder's whole listing (every page), every object under a
 * folder, and what a path names (file or folder).
 */
import type { Api } from '../../../../data/api'
import { STORAGE_EMPTY_FOLDER_PLACEHOLDER, STORAGE_RECURSIVE_PAGE_SIZE } from '../../../../../shared/constants'
import type { StorageItem } from '../../../../../shared/storage'
import { baseName, joinKey, parentOf } from './object-paths'

export interface Target {
  path: string
  type: 'FILE' | 'FOLDER'
}

/** Every entry of one folder, page after page. */
export async function listFolderAll(api: Api, ref: string, bucket: string, folder: string): Promise<StorageItem[]> {
  const all: StorageItem[] = []
  for (let offset = 0; ; offset += STORAGE_RECURSIVE_PAGE_SIZE) {
    const page = await api.listObjects(ref, bucket, { path: folder, options: { limit: STORAGE_RECURSIVE_PAGE_SIZE, offset } })
    all.push(...page)
    if (page.length < STORAGE_RECURSIVE_PAGE_SIZE) return all
  }
}

/**
 * Every object key under `folder`, and the folders met on the way (the folder itself included): a
 * folder may hold a hidden placeholder object that has to go with it.
 */
export async function objectsUnder(api: Api, ref: string, bucket: string, folder: string): Promise<{ files: string[]; folders: string[] }> {
  const files: string[] = []
  const folders: string[] = [folder]
  for (const item of await listFolderAll(api, ref, bucket, folder)) {
    const path = joinKey(folder, item.name)
    if (item.id) files.push(path)
    else {
      const inner = await objectsUnder(api, ref, bucket, path)
      files.push(...inner.files)
      folders.push(...inner.folders)
    }
  }
  return { files, folders }
}

export function placeholderOf(folder: string): string {
  return joinKey(folder, STORAGE_EMPTY_FOLDER_PLACEHOLDER)
}

/** What each path names: the rows the explorer shows (`shown`) answer first, else the parent folder's listing. */
export async function resolveTargets(
  api: Api, ref: string, bucket: string, paths: readonly string[], shown: readonly Target[] = [],
): Promise<Target[]> {
  const known = new Map(shown.map((i) => [i.path, i.type] as const))
  const out: Target[] = []
  for (const raw of paths) {
    const path = raw.replace(/^\/+|\/+$/g, '')
    let type = known.get(path)
    if (!type) {
      const entry = (await listFolderAll(api, ref, bucket, parentOf(path))).find((i) => i.name === baseName(path))
      type = entry ? (entry.id ? 'FILE' : 'FOLDER') : 'FILE'
    }
    out.push({ path, type })
  }
  return out
}
