/**
 * Uploading into a folder of the open bucket (spec 4, 5, 8, 9): relative paths kept, duplicate names
 * suffixed, 10 files at a time with cache-control 3600 (the server's default for dashboard uploads), one
 * progress toast, a toast per failed file and a summary, then the folder is reloaded.
 */
import type { CommandContext } from '../../../app/context'
import { STORAGE_UPLOAD_CONCURRENCY } from '../../../../../shared/constants'
import { MSG } from '../../../../../shared/messages'
import { reloadFolder } from '../explorer-data'
import { parentOf, runPool, uploadKeys } from './object-paths'
import type { PickedFile } from './pickers'
import { startProgress } from './progress'
import { listFolderAll } from './storage-walk'
import { errorMessage } from '../../../../../shared/error-message'

export interface UploadResult {
  /** the object keys written */
  uploaded: string[]
  failed: { name: string; message: string }[]
}

async function existingNames(ctx: CommandContext, bucket: string, dirs: Iterable<string>): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>()
  for (const dir of dirs) {
    const items = await listFolderAll(ctx.api, ctx.ref, bucket, dir)
    out.set(dir, new Set(items.map((i) => i.name)))
  }
  return out
}

export async function uploadFiles(ctx: CommandContext, bucket: string, folder: string, files: readonly PickedFile[]): Promise<UploadResult> {
  const total = files.length
  const progress = startProgress(MSG.uploading(0, total, 0))
  try {
    const plain = files.map((f) => (folder ? `${folder}/` : '') + f.name.replace(/^\/+/, ''))
    const existing = await existingNames(ctx, bucket, new Set(plain.map(parentOf)))
    const keys = uploadKeys(folder, files.map((f) => f.name), (dir) => existing.get(dir) ?? new Set())
    const totalBytes = files.reduce((n, f) => n + f.data.size, 0) || 1
    const sent = new Array<number>(total).fill(0)
    let finished = 0
    const report = () => {
      const percent = Math.floor((sent.reduce((a, b) => a + b, 0) / totalBytes) * 100)
      progress.update(MSG.uploading(finished, total, Math.min(100, percent)), percent / 100)
    }
    const results = await runPool(files, STORAGE_UPLOAD_CONCURRENCY, async (file, i) => {
      try {
        return await ctx.api.uploadObjectWithProgress(ctx.ref, bucket, keys[i]!, file.data, (n) => {
          sent[i] = n
          report()
        })
      } finally {
        sent[i] = file.data.size
        finished++
        report()
      }
    })
    const result: UploadResult = { uploaded: [], failed: [] }
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') result.uploaded.push(keys[i]!)
      else result.failed.push({ name: files[i]!.name, message: errorMessage(r.reason) })
    })
    progress.done()
    for (const f of result.failed) ctx.toast.error(MSG.uploadFileFailed(f.name, f.message))
    if (result.failed.length) ctx.toast.error(MSG.uploadFilesFailedCount(result.failed.length))
    if (result.uploaded.length) ctx.toast.success(MSG.uploaded(result.uploaded.length))
    await reloadFolder(folder)
    return result
  } catch (e) {
    progress.done()
    ctx.toast.error(MSG.uploadFilesFailed)
    return { uploaded: [], failed: files.map((f) => ({ name: f.name, message: errorMessage(e) })) }
  }
}
