/**
 * Settings: the storage upload limit (spec 5 Storage settings, 9: at most 5 GB, fixed 50 MB on the free
 * plan) and copying the project's API URLs and keys from Project settings → API.
 */
import { z } from 'zod'
import { defineCommand, CommandError } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { STORAGE_SIZE_UNITS } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import type { ProjectApiSettings } from '../src/shared/storage'
import { toBytes } from '../src/web/model/storage/buckets/size-units'
import { aboveGlobalLimit, uploadLimitProblem } from '../src/web/model/storage/settings/limit'
import { storageConfigKey, storageConfigQuery } from '../src/web/model/storage/settings/queries'
import { apiSettingsQuery } from '../src/web/model/settings/queries'
import { copyToClipboard } from '../src/web/model/app/clipboard'
import { errorMessage } from '../src/shared/error-message'


export const updateStorageSettings = defineCommand({
  id: 'storage.settings.update',
  title: 'Set the upload file size limit',
  area: 'storage',
  keywords: ['storage settings', 'upload limit', 'file size', 'max size'],
  args: z.object({
    fileSizeLimit: z.number({ error: 'Enter a number' }).int(MSG.bucketSizeLimitMin).min(0, MSG.bucketSizeLimitMin),
    unit: z.enum(STORAGE_SIZE_UNITS),
  }),
  argLabels: { fileSizeLimit: 'Upload file size limit (at most 5 GB)', unit: 'Unit' },
  when: (ctx: CommandContext) => ctx.route.matches('storage'),
  enabled: (ctx) => ctx.can('storageAdminWrite') || MSG.updateStorageSettingsPermission,
  run: async (ctx, { fileSizeLimit, unit }) => {
    const problem = aboveGlobalLimit(fileSizeLimit, unit) ?? uploadLimitProblem(fileSizeLimit, unit)
    if (problem) throw new CommandError(problem, 'invalid-args')
    const current = await ctx.queryClient.fetchQuery({ ...storageConfigQuery(ctx.api, ctx.ref), staleTime: 0 })
    if (current.isFreeTier) throw new CommandError('The upload limit is fixed at 50 MB on the free plan', 'disabled')
    try {
      const config = await ctx.api.updateStorageConfig(ctx.ref, { fileSizeLimit: toBytes(fileSizeLimit, unit) })
      ctx.queryClient.setQueryData(storageConfigKey(ctx.ref), config)
      ctx.toast.success(MSG.storageSettingsUpdated)
      return config
    } catch (e) {
      throw new Error(MSG.updateStorageSettingsFailed(errorMessage(e)))
    }
  },
})

const API_KEYS = {
  url: { label: 'Project URL', field: 'api_url' },
  storage_url: { label: 'Storage URL', field: 'storage_url' },
  anon: { label: 'anon key', field: 'anon_key' },
  service_role: { label: 'service_role key', field: 'service_role_key' },
  jwt_secret: { label: 'JWT secret', field: 'jwt_secret' },
} as const satisfies Record<string, { label: string; field: keyof ProjectApiSettings }>
export type ApiKeyName = keyof typeof API_KEYS
export const API_KEY_NAMES = Object.keys(API_KEYS) as ApiKeyName[]

export const copyApiSetting = defineCommand({
  id: 'settings.api.copy',
  title: 'Copy API URL or key',
  area: 'settings',
  keywords: ['anon key', 'service role', 'jwt secret', 'project url', 'api key', 'clipboard'],
  args: z.object({ key: z.enum(API_KEY_NAMES as [ApiKeyName, ...ApiKeyName[]]) }),
  argOptions: { key: () => API_KEY_NAMES.map((k) => ({ value: k, label: API_KEYS[k].label })) },
  argLabels: { key: 'What to copy' },
  when: (ctx) => ctx.route.matches('settings.api'),
  run: async (ctx, { key }) => {
    const settings = await ctx.queryClient.ensureQueryData(apiSettingsQuery(ctx.api, ctx.ref))
    const { label, field } = API_KEYS[key]
    const value = settings[field]
    if (value === null) throw new CommandError(MSG.viewSecretKeysPermission, 'disabled')
    if (!(await copyToClipboard(value))) return false
    ctx.toast.success(`Copied the ${label} to the clipboard`)
    return true
  },
})
