/**
 * Settings: copying the project's API URLs and keys from Project settings → API. (The storage upload
 * limit, storage.settings.update, is with the storage commands in storage-buckets.ts.) The body is in
 * settings.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import type { ProjectApiSettings } from '../src/shared/storage'

const load = () => import('./settings.run')

export const API_KEYS = {
  url: { label: 'Project URL', field: 'api_url' },
  storage_url: { label: 'Storage URL', field: 'storage_url' },
  anon: { label: 'anon key', field: 'anon_key' },
  service_role: { label: 'service_role key', field: 'service_role_key' },
  jwt_secret: { label: 'JWT secret', field: 'jwt_secret' },
} as const satisfies Record<string, { label: string; field: keyof ProjectApiSettings }>
export type ApiKeyName = keyof typeof API_KEYS
export const API_KEY_NAMES = Object.keys(API_KEYS) as ApiKeyName[]

export const CopyApiSettingArgs = z.object({ key: z.enum(API_KEY_NAMES as [ApiKeyName, ...ApiKeyName[]]) })

export const copyApiSetting = defineCommand({
  id: 'settings.api.copy',
  title: 'Copy API URL or key',
  area: 'settings',
  keywords: ['anon key', 'service role', 'jwt secret', 'project url', 'api key', 'clipboard'],
  args: CopyApiSettingArgs,
  argOptions: { key: () => API_KEY_NAMES.map((k) => ({ value: k, label: API_KEYS[k].label })) },
  argLabels: { key: 'What to copy' },
  when: (ctx) => ctx.route.matches('settings.api'),
  run: lazyRun(load, 'copyApiSetting'),
})
