/**
 * The storage explorer's object actions (issue 6; spec 4 Storage explorer, 5 Signed URL / Folders and
 * files, 6, 8, 9): upload files and folders, download (a zip for several), delete, move, signed and
 * public URLs. `paths` default to the explorer's selection, else the previewed file. The work itself
 * lives in src/web/model/storage/explorer/actions/, so these run headless in tests; the bodies are in
 * storage-objects.run.ts, loaded on first use (zipping a download loads with them).
 */
import { z } from 'zod'
import { CommandError, defineCommand, lazyRun, run } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { errorMessage } from '../src/shared/error-message'
import { openPicker } from '../src/web/model/storage/explorer/actions/pickers'
import { MSG } from '../src/shared/messages'
import { currentFolder, explorer } from '../src/web/model/storage/explorer/explorer-state'

const load = () => import('./storage-objects.run')

const AREA = 'storage'

const inBucket = (ctx: CommandContext) => ctx.route.matches('storage.bucket')
const canWrite = (reason: string) => (ctx: CommandContext) => ctx.can('storageAdminWrite') || reason

/** Paths in the bucket; the palette takes them comma separated. */
const PathList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((p) => p.trim()).filter(Boolean) : v),
  z.array(z.string().min(1)),
)
export const PathsArgs = z.object({ paths: PathList.optional() })
const PATHS_LABEL = 'Paths, comma separated (default: the selection)'

// ---- upload ----

const UploadFile = z.object({ name: z.string().min(1), data: z.instanceof(Blob) })

export const UploadFilesArgs = z.object({
  /** name may be a relative path ('dir/a.txt'): the folders are kept */
  files: z.array(UploadFile).min(1, 'Pick at least one file'),
  /** the folder to upload into; default the explorer's current folder */
  folder: z.string().optional(),
})

export const uploadFilesCommand = defineCommand({
  id: 'storage.objects.upload-files',
  title: 'Upload these files',
  area: AREA,
  hidden: true,
  when: (ctx) => inBucket(ctx) || Boolean(explorer.bucketId),
  enabled: canWrite(MSG.uploadFilesPermission),
  args: UploadFilesArgs,
  run: lazyRun(load, 'uploadFilesCommand'),
})

/** The bucket the explorer shows (the route's, else the one open). */
export function bucketOf(ctx: CommandContext): string {
  const bucket = ctx.route.params.bucketId || explorer.bucketId
  if (!bucket) throw new CommandError('Open a bucket first', 'unavailable')
  return bucket
}

/**
 * Opens the file picker and uploads what is picked. Inline, not in the run module: the browser opens a
 * picker only while the key press or click that asked for it is recent.
 */
function pickAndUpload(kind: 'files' | 'folder') {
  return (ctx: CommandContext) => {
    bucketOf(ctx)
    const folder = currentFolder()
    openPicker(kind, (files) => {
      run(uploadFilesCommand.id, { files, folder }, 'button').catch((e: unknown) => ctx.toast.error(errorMessage(e)))
    })
  }
}

export const upload = defineCommand({
  id: 'storage.objects.upload',
  title: 'Upload files',
  area: AREA,
  keywords: ['add', 'file', 'import'],
  when: inBucket,
  enabled: canWrite(MSG.uploadFilesPermission),
  run: pickAndUpload('files'),
})

export const uploadFolder = defineCommand({
  id: 'storage.objects.upload-folder',
  title: 'Upload a folder',
  area: AREA,
  keywords: ['add', 'directory', 'import'],
  when: inBucket,
  enabled: canWrite(MSG.uploadFilesPermission),
  run: pickAndUpload('folder'),
})

// ---- download, delete, move ----

export const download = defineCommand({
  id: 'storage.objects.download',
  title: 'Download selected files',
  area: AREA,
  keywords: ['save', 'zip', 'export'],
  when: inBucket,
  enabled: canWrite(MSG.downloadFilesPermission),
  args: PathsArgs,
  argLabels: { paths: PATHS_LABEL },
  run: lazyRun(load, 'download'),
})

export const remove = defineCommand({
  id: 'storage.objects.delete',
  title: 'Delete selected files',
  area: AREA,
  keywords: ['remove', 'trash'],
  when: inBucket,
  enabled: canWrite(MSG.deleteFilePermission),
  args: PathsArgs,
  argLabels: { paths: PATHS_LABEL },
  run: lazyRun(load, 'remove'),
})

export const moveDialog = defineCommand({
  id: 'storage.objects.move-dialog.open',
  title: 'Move selected files',
  area: AREA,
  keywords: ['relocate', 'folder'],
  when: inBucket,
  enabled: canWrite(MSG.moveFilesPermission),
  args: PathsArgs,
  argLabels: { paths: PATHS_LABEL },
  run: lazyRun(load, 'moveDialog'),
})

export const MoveArgs = PathsArgs.extend({
  /** a path in the bucket; a leading slash is stripped, blank is the bucket root */
  destination: z.string(),
})

export const move = defineCommand({
  id: 'storage.objects.move',
  title: 'Move files to a folder',
  area: AREA,
  when: inBucket,
  enabled: canWrite(MSG.moveFilesPermission),
  args: MoveArgs,
  argLabels: { paths: PATHS_LABEL, destination: 'Destination folder (blank: the bucket root)' },
  run: lazyRun(load, 'move'),
})

// ---- URLs ----

export const UrlDialogArgs = z.object({ path: z.string().min(1).optional() })

export const urlDialog = defineCommand({
  id: 'storage.object.url-dialog.open',
  title: 'Get URL',
  area: AREA,
  keywords: ['link', 'share', 'signed', 'public'],
  when: inBucket,
  args: UrlDialogArgs,
  run: lazyRun(load, 'urlDialog'),
})

export const SignUrlArgs = z.object({
  path: z.string().min(1).optional(),
  expiresIn: z.number().int(MSG.expiryTooSmall).positive(MSG.expiryTooSmall),
})

export const signUrl = defineCommand({
  id: 'storage.object.sign-url',
  title: 'Copy a signed URL',
  area: AREA,
  keywords: ['link', 'share', 'expiry'],
  when: inBucket,
  args: SignUrlArgs,
  argLabels: { path: 'File path (default: the previewed file)', expiresIn: 'Expires in (seconds)' },
  run: lazyRun(load, 'signUrl'),
})

export const PublicUrlArgs = z.object({ path: z.string().min(1).optional() })

export const publicUrl = defineCommand({
  id: 'storage.object.public-url',
  title: 'Copy the public URL',
  area: AREA,
  keywords: ['link', 'share'],
  when: inBucket,
  args: PublicUrlArgs,
  run: lazyRun(load, 'publicUrl'),
})
