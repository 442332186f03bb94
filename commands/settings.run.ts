/** The body of settings.ts's command: copy an API URL or key. */
import type { z } from 'zod'
import { CommandError } from './registry'
import { API_KEYS, type CopyApiSettingArgs } from './settings'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { apiSettingsQuery } from '../src/web/model/settings/queries'
import { copyToClipboard } from '../src/web/model/app/clipboard'

export const copyApiSetting = async (ctx: CommandContext, { key }: z.infer<typeof CopyApiSettingArgs>) => {
  const settings = await ctx.queryClient.ensureQueryData(apiSettingsQuery(ctx.api, ctx.ref))
  const { label, field } = API_KEYS[key]
  const value = settings[field]
  if (value === null) throw new CommandError(MSG.viewSecretKeysPermission, 'disabled')
  if (!(await copyToClipboard(value))) return false
  ctx.toast.success(`Copied the ${label} to the clipboard`)
  return true
}
