/**
 * Downloading (spec 4, 8, 9): one file straight to the browser's downloads; several files or a folder as
 * one zip (client-zip), fetched 10 at a time and streamed into it as they arrive. One progress toast;
 * 'Failed to download {item}' per file and 'Failed to download files from {item}' per folder.
 */
import { downloadZip } from 'client-zip'
import type { CommandContext } from '../../../app/context'
import { STORAGE_DOWNLOAD_CONCURRENCY } from '../../../../../shared/constants'
import { MSG } from '../../../../../shared/messages'
import { baseName, parentOf } from './object-paths'
import { startProgress, type Progress } from './progress'
import { saveBlob } from '../../../app/download'
import { objectsUnder, type Target } from './storage-walk'

export interface DownloadResult {
  /** the name the browser saves it under */
  fileName: string
  blob: Blob
  /** the files in it: the one file's name, or the zip's entries */
  entries: string[]
}

interface Entry {
  key: string
  /** the path inside the zip: relative to the folder holding the selected item */
  name: string
  /** the selected item it came from */
  from: Target
}

async function entriesOf(ctx: CommandContext, bucket: string, targets: readonly Target[], failed: Set<Target>): Promise<Entry[]> {
  const out: Entry[] = []
  for (const t of targets) {
    if (t.type === 'FILE') {
      out.push({ key: t.path, name: baseName(t.path), from: t })
      continue
    }
    const cut = parentOf(t.path).length ? parentOf(t.path).length + 1 : 0
    try {
      const { files } = await objectsUnder(ctx.api, ctx.ref, bucket, t.path)
      out.push(...files.map((key) => ({ key, name: key.slice(cut), from: t })))
    } catch {
      failed.add(t)
    }
  }
  return out
}

/** The files, fetched `STORAGE_DOWNLOAD_CONCURRENCY` at a time, as the zip's inputs in completion order. */
async function* fetched(ctx: CommandContext, bucket: string, entries: Entry[], failed: Set<Target>, progress: Progress) {
  let next = 0
  let done = 0
  const inFlight = new Map<number, Promise<{ i: number; blob: Blob | null }>>()
  const start = () => {
    const i = next++
    const entry = entries[i]!
    inFlight.set(i, ctx.api.downloadObject(ctx.ref, bucket, entry.key).then(
      (blob) => ({ i, blob }),
      () => ({ i, blob: null }),
    ))
  }
  while (next < entries.length && inFlight.size < STORAGE_DOWNLOAD_CONCURRENCY) start()
  while (inFlight.size) {
    const { i, blob } = await Promise.race(inFlight.values())
    inFlight.delete(i)
    if (next < entries.length) start()
    progress.update(MSG.downloading(++done, entries.length), done / entries.length)
    const entry = entries[i]!
    if (blob) yield { name: entry.name, input: blob, lastModified: new Date() }
    else failed.add(entry.from)
  }
}

function reportFailures(ctx: CommandContext, failed: Set<Target>): void {
  for (const t of failed) {
    ctx.toast.error(t.type === 'FOLDER' ? MSG.downloadFolderFailed(baseName(t.path)) : MSG.downloadFailed(baseName(t.path)))
  }
}

export async function downloadTargets(ctx: CommandContext, bucket: string, targets: readonly Target[]): Promise<DownloadResult | null> {
  const single = targets.length === 1 && targets[0]!.type === 'FILE' ? targets[0]! : null
  const failed = new Set<Target>()
  const progress = startProgress(MSG.downloading(0, single ? 1 : targets.length))
  try {
    let result: DownloadResult | null = null
    if (single) {
      const blob = await ctx.api.downloadObject(ctx.ref, bucket, single.path).catch(() => null)
      if (blob) result = { fileName: baseName(single.path), blob, entries: [baseName(single.path)] }
      else failed.add(single)
    } else {
      const entries = await entriesOf(ctx, bucket, targets, failed)
      const names: string[] = []
      const inputs = fetched(ctx, bucket, entries, failed, progress)
      const tracked = (async function* () {
        for await (const input of inputs) {
          names.push(input.name)
          yield input
        }
      })()
      const blob = await downloadZip(tracked).blob()
      const only = targets.length === 1 ? targets[0]! : null
      if (names.length) result = { fileName: `${only ? baseName(only.path) : bucket}.zip`, blob, entries: names }
    }
    progress.done()
    reportFailures(ctx, failed)
    if (result) {
      saveBlob(result.blob, result.fileName)
      ctx.toast.success(MSG.downloaded(result.fileName))
    }
    return result
  } catch (e) {
    progress.done()
    throw e
  }
}
