/**
 * The storage explorer's object actions (issue 6; spec 4 Storage explorer, 5 Signed URL / Folders and
 * files, 6, 8, 9): upload files and folders, download (a zip for several), delete, move, signed and
 * public URLs. `paths` default to the explorer's selection, else the previewed file. The work itself
 * lives in src/web/screens/storage/explorer/actions/, so these run headless in tests.
 */
import { z } from 'zod'
import { defineCommand, CommandError, run } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { errorMessage } from '../src/shared/error-message'
import { MSG } from '../src/shared/messages'
import { bucketQuery } from '../src/web/model/storage/buckets/queries'
import { currentFolder, explorer, selectedItems } from '../src/web/model/storage/explorer/explorer-state'
import { deleteTargets, moveTargets } from '../src/web/model/storage/explorer/actions/delete-move'
import { objectDialogs } from '../src/web/model/storage/explorer/actions/dialog-state'
import { downloadTargets } from '../src/web/model/storage/explorer/actions/download'
import { baseName } from '../src/web/model/storage/explorer/actions/object-paths'
import { openPicker } from '../src/web/model/storage/explorer/actions/pickers'
import { resolveTargets, type Target } from '../src/web/model/storage/explorer/actions/storage-walk'
import { uploadFiles } from '../src/web/model/storage/explorer/actions/upload'
import { copyToClipboard } from '../src/web/model/app/clipboard'

const AREA = 'storage'

const inBucket = (ctx: CommandContext) => ctx.route.matches('storage.bucket')
const canWrite = (reason: string) => (ctx: CommandContext) => ctx.can('storageAdminWrite') || reason

function bucketOf(ctx: CommandContext): string {
  const bucket = ctx.route.params.bucketId || explorer.bucketId
  if (!bucket) throw new CommandError('Open a bucket first', 'unavailable')
  return bucket
}

/** The items an action is about: the paths given, else the selection, else the previewed file. */
async function targetsOf(ctx: CommandContext, bucket: string, paths: string[] | undefined): Promise<Target[]> {
  if (paths?.length) return resolveTargets(ctx.api, ctx.ref, bucket, paths)
  const items = selectedItems()
  if (!items.length) throw new CommandError(MSG.nothingSelected, 'invalid-args')
  return items.map((i) => ({ path: i.path, type: i.type }))
}

/** The one file a URL is for: the path given, else the previewed (or only selected) file. */
function fileOf(path: string | undefined): string {
  const chosen = path ?? (explorer.preview ?? (selectedItems().length === 1 ? selectedItems()[0] : undefined))?.path
  if (!chosen) throw new CommandError(MSG.urlNeedsFile, 'invalid-args')
  return chosen.replace(/^\/+/, '')
}

/** Paths in the bucket; the palette takes them comma separated. */
const PathList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((p) => p.trim()).filter(Boolean) : v),
  z.array(z.string().min(1)),
)
const Paths = z.object({ paths: PathList.optional() })
const PATHS_LABEL = 'Paths, comma separated (default: the selection)'


// ---- upload ----

const UploadFile = z.object({ name: z.string().min(1), data: z.instanceof(Blob) })

export const uploadFilesCommand = defineCommand({
  id: 'storage.objects.upload-files',
  title: 'Upload these files',
  area: AREA,
  hidden: true,
  when: (ctx) => inBucket(ctx) || Boolean(explorer.bucketId),
  enabled: canWrite(MSG.uploadFilesPermission),
  args: z.object({
    /** name may be a relative path ('dir/a.txt'): the folders are kept */
    files: z.array(UploadFile).min(1, 'Pick at least one file'),
    /** the folder to upload into; default the explorer's current folder */
    folder: z.string().optional(),
  }),
  run: (ctx, { files, folder }) =>
    uploadFiles(ctx, bucketOf(ctx), (folder ?? currentFolder()).replace(/^\/+|\/+$/g, ''), files),
})

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
  args: Paths,
  argLabels: { paths: PATHS_LABEL },
  run: async (ctx, { paths }) => {
    const bucket = bucketOf(ctx)
    return downloadTargets(ctx, bucket, await targetsOf(ctx, bucket, paths))
  },
})

export const remove = defineCommand({
  id: 'storage.objects.delete',
  title: 'Delete selected files',
  area: AREA,
  keywords: ['remove', 'trash'],
  when: inBucket,
  enabled: canWrite(MSG.deleteFilePermission),
  args: Paths,
  argLabels: { paths: PATHS_LABEL },
  run: async (ctx, { paths }) => {
    const bucket = bucketOf(ctx)
    const targets = await targetsOf(ctx, bucket, paths)
    const names = targets.length === 1 ? baseName(targets[0]!.path) : `these ${targets.length} items`
    const ok = await ctx.confirm({
      title: MSG.deleteConfirmTitle(targets.length),
      description: MSG.deleteConfirmDescription(names),
      confirmLabel: 'Delete',
      destructive: true,
    })
    if (!ok) return { deleted: [] as string[] }
    return deleteTargets(ctx, bucket, targets)
  },
})

export const moveDialog = defineCommand({
  id: 'storage.objects.move-dialog.open',
  title: 'Move selected files',
  area: AREA,
  keywords: ['relocate', 'folder'],
  when: inBucket,
  enabled: canWrite(MSG.moveFilesPermission),
  args: Paths,
  argLabels: { paths: PATHS_LABEL },
  run: async (ctx, { paths }) => {
    const bucket = bucketOf(ctx)
    objectDialogs.move = (await targetsOf(ctx, bucket, paths)).map((t) => t.path)
  },
})

export const move = defineCommand({
  id: 'storage.objects.move',
  title: 'Move files to a folder',
  area: AREA,
  when: inBucket,
  enabled: canWrite(MSG.moveFilesPermission),
  args: Paths.extend({
    /** a path in the bucket; a leading slash is stripped, blank is the bucket root */
    destination: z.string(),
  }),
  argLabels: { paths: PATHS_LABEL, destination: 'Destination folder (blank: the bucket root)' },
  run: async (ctx, { paths, destination }) => {
    const bucket = bucketOf(ctx)
    return moveTargets(ctx, bucket, await targetsOf(ctx, bucket, paths), destination)
  },
})

// ---- URLs ----

export const urlDialog = defineCommand({
  id: 'storage.object.url-dialog.open',
  title: 'Get URL',
  area: AREA,
  keywords: ['link', 'share', 'signed', 'public'],
  when: inBucket,
  args: z.object({ path: z.string().min(1).optional() }),
  run: async (ctx, { path }) => {
    const bucket = await ctx.queryClient.fetchQuery(bucketQuery(ctx.api, ctx.ref, bucketOf(ctx)))
    objectDialogs.url = { path: fileOf(path), isPublic: bucket.public }
  },
})

export const signUrl = defineCommand({
  id: 'storage.object.sign-url',
  title: 'Copy a signed URL',
  area: AREA,
  keywords: ['link', 'share', 'expiry'],
  when: inBucket,
  args: z.object({
    path: z.string().min(1).optional(),
    expiresIn: z.number().int(MSG.expiryTooSmall).positive(MSG.expiryTooSmall),
  }),
  argLabels: { path: 'File path (default: the previewed file)', expiresIn: 'Expires in (seconds)' },
  run: async (ctx, { path, expiresIn }) => {
    const file = fileOf(path)
    const { signedUrl } = await ctx.api.signObject(ctx.ref, bucketOf(ctx), { path: file, expiresIn })
    if (await copyToClipboard(signedUrl)) ctx.toast.success(MSG.urlCopied(baseName(file)))
    return signedUrl
  },
})

export const publicUrl = defineCommand({
  id: 'storage.object.public-url',
  title: 'Copy the public URL',
  area: AREA,
  keywords: ['link', 'share'],
  when: inBucket,
  args: z.object({ path: z.string().min(1).optional() }),
  run: async (ctx, { path }) => {
    const file = fileOf(path)
    const url = (await ctx.api.publicUrl(ctx.ref, bucketOf(ctx), { path: file })).publicUrl
    if (await copyToClipboard(url)) ctx.toast.success(MSG.urlCopied(baseName(file)))
    return url
  },
})
