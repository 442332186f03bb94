/**
 * Deleting and moving the selected items (spec 4, 8, 9). Folders stand for every object under them
 * (and their hidden placeholders). Delete goes in chunks of 2 paths, 2 chunks at a time; moves go 2 at a
 * time. Both keep one progress toast, close the preview and the open columns of what went, clear the
 * selection and reload.
 */
import type { CommandContext } from '../../../app/context'
import {
  STORAGE_DELETE_CHUNK, STORAGE_DELETE_CONCURRENCY, STORAGE_EMPTY_FOLDER_PLACEHOLDER, STORAGE_FOLDER_RENAME_CONCURRENCY,
} from '../../../../../shared/constants'
import { MSG } from '../../../../../shared/messages'
import { reloadFolder } from '../explorer-data'
import { clearSelection, forgetItems } from '../explorer-state'
import { baseName, chunk, joinKey, normalizeDestination, parentOf, runPool } from './object-paths'
import { startProgress } from './progress'
import { objectsUnder, placeholderOf, type Target } from './storage-walk'
import { errorMessage } from '../../../../../shared/error-message'

/** The targets are gone from where they were: their preview and open columns close, then their folders reload. */
async function afterChange(targets: readonly Target[], alsoReload: string[] = []): Promise<void> {
  forgetItems(targets)
  clearSelection()
  for (const folder of new Set([...targets.map((t) => parentOf(t.path)), ...alsoReload])) await reloadFolder(folder)
}

/** The object keys the targets stand for; `placeholders` are a folder's hidden keep-files (may not exist). */
async function expand(ctx: CommandContext, bucket: string, targets: readonly Target[]) {
  const files: { key: string; from: Target }[] = []
  const placeholders: { key: string; from: Target }[] = []
  for (const t of targets) {
    if (t.type === 'FILE') files.push({ key: t.path, from: t })
    else {
      const under = await objectsUnder(ctx.api, ctx.ref, bucket, t.path)
      files.push(...under.files.map((key) => ({ key, from: t })))
      placeholders.push(...under.folders.map((f) => ({ key: placeholderOf(f), from: t })))
    }
  }
  return { files, placeholders }
}

export async function deleteTargets(ctx: CommandContext, bucket: string, targets: readonly Target[]): Promise<{ deleted: string[] }> {
  const progress = startProgress(MSG.deleting(0, 0))
  const deleted: string[] = []
  try {
    const { files, placeholders } = await expand(ctx, bucket, targets)
    const chunks = chunk([...files, ...placeholders].map((f) => f.key), STORAGE_DELETE_CHUNK)
    let done = 0
    const results = await runPool(chunks, STORAGE_DELETE_CONCURRENCY, async (paths) => {
      const rows = await ctx.api.deleteObjects(ctx.ref, bucket, { paths })
      deleted.push(...rows.map((r) => r.name).filter((n) => baseName(n) !== STORAGE_EMPTY_FOLDER_PLACEHOLDER))
      done += paths.length
      progress.update(MSG.deleting(Math.min(done, files.length), files.length), done / (files.length + placeholders.length))
    })
    progress.done()
    const failure = results.find((r) => r.status === 'rejected')
    if (failure) ctx.toast.error(MSG.deleteFilesFailed(errorMessage(failure.reason)))
    if (deleted.length || !failure) ctx.toast.success(MSG.deleted(deleted.length))
  } catch (e) {
    progress.done()
    ctx.toast.error(MSG.deleteFilesFailed(errorMessage(e)))
  }
  await afterChange(targets)
  return { deleted }
}

export async function moveTargets(ctx: CommandContext, bucket: string, targets: readonly Target[], destination: string) {
  const dest = normalizeDestination(destination)
  const moved: { from: string; to: string }[] = []
  const progress = startProgress(MSG.moving(0, 0))
  try {
    const { files, placeholders } = await expand(ctx, bucket, targets)
    const target = (key: string, from: Target) =>
      from.type === 'FILE' ? joinKey(dest, baseName(key)) : joinKey(dest, baseName(from.path) + key.slice(from.path.length))
    const jobs = [...files, ...placeholders.map((p) => ({ ...p, optional: true }))]
      .map((f) => ({ ...f, to: target(f.key, f.from) }))
      .filter((j) => j.to !== j.key)
    const failed = new Set<Target>()
    let done = 0
    await runPool(jobs, STORAGE_FOLDER_RENAME_CONCURRENCY, async (job) => {
      try {
        await ctx.api.moveObject(ctx.ref, bucket, { from: job.key, to: job.to })
        if (!('optional' in job)) moved.push({ from: job.key, to: job.to })
      } catch (e) {
        if (!('optional' in job)) failed.add(job.from)
        else if (!/not found/i.test(errorMessage(e))) failed.add(job.from)
      }
      progress.update(MSG.moving(Math.min(++done, files.length), files.length), done / jobs.length)
    })
    progress.done()
    for (const t of failed) ctx.toast.error(MSG.moveItemFailed(t.path))
    const ok = targets.filter((t) => !failed.has(t)).length
    if (ok) ctx.toast.success(MSG.moved(ok, dest))
  } catch {
    progress.done()
    ctx.toast.error(MSG.moveFilesFailed)
  }
  await afterChange(targets, [dest])
  return { destination: dest, moved }
}
