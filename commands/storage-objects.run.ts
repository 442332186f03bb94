/**
 * The bodies of storage-objects.ts's commands: the explorer's object actions, through the storage API. A
 * path given is named a file or a folder by the rows the explorer shows (ctx.queryClient), else by a listing.
 */
import type { z } from 'zod'
import { CommandError } from './registry'
import {
  bucketOf, type MoveArgs, type PathsArgs, type PublicUrlArgs, type SignUrlArgs, type UploadFilesArgs, type UrlDialogArgs,
} from './storage-objects'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { bucketQuery } from '../src/web/model/storage/buckets/queries'
import { currentFolder, explorer, selectedItems } from '../src/web/model/storage/explorer/explorer-state'
import { shownItems } from '../src/web/model/storage/explorer/explorer-view'
import { deleteTargets, moveTargets } from '../src/web/model/storage/explorer/actions/delete-move'
import { objectDialogs } from '../src/web/model/storage/explorer/actions/dialog-state'
import { downloadTargets } from '../src/web/model/storage/explorer/actions/download'
import { baseName } from '../src/web/model/storage/explorer/actions/object-paths'
import { resolveTargets, type Target } from '../src/web/model/storage/explorer/actions/storage-walk'
import { uploadFiles } from '../src/web/model/storage/explorer/actions/upload'
import { copyToClipboard } from '../src/web/model/app/clipboard'

/** The items an action is about: the paths given, else the selection, else the previewed file. */
async function targetsOf(ctx: CommandContext, bucket: string, paths: string[] | undefined): Promise<Target[]> {
  if (paths?.length) return resolveTargets(ctx.api, ctx.ref, bucket, paths, explorer.bucketId === bucket ? shownItems(ctx.queryClient) : [])
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

export const uploadFilesCommand = (ctx: CommandContext, { files, folder }: z.infer<typeof UploadFilesArgs>) =>
  uploadFiles(ctx, bucketOf(ctx), (folder ?? currentFolder()).replace(/^\/+|\/+$/g, ''), files)

export const download = async (ctx: CommandContext, { paths }: z.infer<typeof PathsArgs>) => {
  const bucket = bucketOf(ctx)
  return downloadTargets(ctx, bucket, await targetsOf(ctx, bucket, paths))
}

export const remove = async (ctx: CommandContext, { paths }: z.infer<typeof PathsArgs>) => {
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
}

export const moveDialog = async (ctx: CommandContext, { paths }: z.infer<typeof PathsArgs>) => {
  const bucket = bucketOf(ctx)
  objectDialogs.move = (await targetsOf(ctx, bucket, paths)).map((t) => t.path)
}

export const move = async (ctx: CommandContext, { paths, destination }: z.infer<typeof MoveArgs>) => {
  const bucket = bucketOf(ctx)
  return moveTargets(ctx, bucket, await targetsOf(ctx, bucket, paths), destination)
}

export const urlDialog = async (ctx: CommandContext, { path }: z.infer<typeof UrlDialogArgs>) => {
  const bucket = await ctx.queryClient.fetchQuery(bucketQuery(ctx.api, ctx.ref, bucketOf(ctx)))
  objectDialogs.url = { path: fileOf(path), isPublic: bucket.public }
}

export const signUrl = async (ctx: CommandContext, { path, expiresIn }: z.infer<typeof SignUrlArgs>) => {
  const file = fileOf(path)
  const { signedUrl } = await ctx.api.signObject(ctx.ref, bucketOf(ctx), { path: file, expiresIn })
  if (await copyToClipboard(signedUrl)) ctx.toast.success(MSG.urlCopied(baseName(file)))
  return signedUrl
}

export const publicUrl = async (ctx: CommandContext, { path }: z.infer<typeof PublicUrlArgs>) => {
  const file = fileOf(path)
  const url = (await ctx.api.publicUrl(ctx.ref, bucketOf(ctx), { path: file })).publicUrl
  if (await copyToClipboard(url)) ctx.toast.success(MSG.urlCopied(baseName(file)))
  return url
}
