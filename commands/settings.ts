/**
 * Settings: copying the project's API URLs and keys from Project settings → API, and its Data API
 * settings (exposed schemas, extra search path, max rows). (The storage upload
 * limit, storage.settings.update, is with the storage commands in storage-buckets.ts.) The body is in
 * settings.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import type { ProjectApiSettings } from '../src/shared/storage'
import { MaxRows, schemaList } from '../src/shared/contract/rest-config'
import { MSG } from '../src/shared/messages'

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

/** The palette types a schema list as one text: 'public, api'. */
const schemaNames = z.preprocess((v) => (typeof v === 'string' ? schemaList(v) : v), z.array(z.string().min(1)))

export const UpdateDataApiArgs = z.object({
  /** the exposed schemas, the default one first; left out: unchanged */
  schemas: schemaNames.pipe(z.array(z.string()).min(1, MSG.dataApiSchemasRequired)).optional(),
  extraSearchPath: schemaNames.optional(),
  /** empty or null: no limit */
  maxRows: z.preprocess((v) => (v === '' ? null : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), MaxRows).optional(),
})

export const updateDataApiSettings = defineCommand({
  id: 'settings.data-api.update',
  title: 'Update Data API settings',
  area: 'settings',
  keywords: ['exposed schemas', 'search path', 'max rows', 'postgrest', 'rest api'],
  args: UpdateDataApiArgs,
  argLabels: { schemas: 'Exposed schemas (comma-separated, the default first)', extraSearchPath: 'Extra search path', maxRows: 'Max rows (empty: no limit)' },
  when: (ctx) => ctx.route.matches('settings.api'),
  enabled: (ctx) => ctx.can('tenantSqlAdminWrite') || MSG.updateDataApiSettingsPermission,
  run: lazyRun(load, 'updateDataApiSettings'),
})
