/** The bodies of settings.ts's commands: copy an API URL or key, change the Data API settings. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { API_KEYS, type CopyApiSettingArgs, type UpdateDataApiArgs } from './settings'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { apiSettingsQuery } from '../src/web/model/settings/queries'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { errorMessage } from '../src/shared/error-message'
import { bodyOf, postgrestConfigKey, postgrestConfigQuery, settingsOf } from '../src/web/model/settings/data-api'

export const copyApiSetting = async (ctx: CommandContext, { key }: z.infer<typeof CopyApiSettingArgs>) => {
  const settings = await ctx.queryClient.ensureQueryData(apiSettingsQuery(ctx.api, ctx.ref))
  const { label, field } = API_KEYS[key]
  const value = settings[field]
  if (value === null) throw new CommandError(MSG.viewSecretKeysPermission, 'disabled')
  if (!(await copyToClipboard(value))) return false
  ctx.toast.success(`Copied the ${label} to the clipboard`)
  return true
}

/** Changes the settings given (the others as they are now) and answers the whole configuration. */
export const updateDataApiSettings = async (ctx: CommandContext, args: z.infer<typeof UpdateDataApiArgs>) => {
  const current = settingsOf(await ctx.queryClient.fetchQuery({ ...postgrestConfigQuery(ctx.api, ctx.ref), staleTime: 0 }))
  const next = {
    schemas: args.schemas ?? current.schemas,
    extraSearchPath: args.extraSearchPath ?? current.extraSearchPath,
    maxRows: args.maxRows === undefined ? current.maxRows : args.maxRows,
  }
  try {
    const config = await ctx.api.updatePostgrestConfig(ctx.ref, bodyOf(next))
    ctx.queryClient.setQueryData(postgrestConfigKey(ctx.ref), config)
    ctx.toast.success(MSG.dataApiSettingsUpdated)
    return config
  } catch (e) {
    throw new Error(MSG.updateDataApiSettingsFailed(errorMessage(e)))
  }
}
