/**
 * Settings commands headless against a real server: the storage upload limit (read back from the storage
 * config, and the project's own record of it) and copying the API URLs and keys. The upload limit is the
 * whole project's: it is changed on a studio of this file's own (PGlite, or a PostgreSQL database of its
 * own), so no test file running beside this one on the shared studios sees a limit it did not set.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import '../../commands/settings'
import '../../commands/storage-buckets'
import { disabledReason, getCommand } from '../../commands/registry'
import { DEFAULT_PROJECT_REF, REST_DEFAULT_MAX_ROWS, REST_MAX_ROWS_LIMIT } from '../../src/shared/constants'
import { MSG } from '../../src/shared/messages'
import { paths } from '../../src/shared/routes'
import { createApi } from '../../src/web/data/api'
import { AUTH } from '../support/auth'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { run } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('settings commands on $name', (shared) => {
  let own: OwnStudio
  let ctx: HeadlessContext
  /** the shared studio's limit, which nothing here may change */
  let sharedLimit: number

  beforeAll(async () => {
    own = await ownStudio(shared, 'settings')
    ctx = headlessContext(own.target, paths.storageSettings(ref))
    sharedLimit = (await createApi(shared.url, AUTH).storageConfig(ref)).fileSizeLimit
  })
  afterAll(async () => {
    expect((await createApi(shared.url, AUTH).storageConfig(ref)).fileSizeLimit).toBe(sharedLimit)
    await own?.close()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sets the upload limit in the unit given', async () => {
    await run('storage.settings.update', { fileSizeLimit: 100, unit: 'MB' })
    expect((await ctx.api.storageConfig(ref)).fileSizeLimit).toBe(100 * 1024 ** 2)
    expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.storageSettingsUpdated })
    await run('storage.settings.update', { fileSizeLimit: 5, unit: 'GB' })
    expect((await ctx.api.storageConfig(ref)).fileSizeLimit).toBe(5 * 1024 ** 3)
  })

  it('refuses more than 5 GB in the unit chosen, changing nothing', async () => {
    await run('storage.settings.update', { fileSizeLimit: 200, unit: 'MB' })
    await expect(run('storage.settings.update', { fileSizeLimit: 5121, unit: 'MB' })).rejects.toThrow(MSG.storageLimitMax(5120, 'MB'))
    await expect(run('storage.settings.update', { fileSizeLimit: 6, unit: 'GB' })).rejects.toThrow('Maximum limit is up to 5 GB.')
    await expect(run('storage.settings.update', { fileSizeLimit: 5 * 1024 ** 2 + 1, unit: 'KB' })).rejects.toThrow(
      'Maximum limit is up to 5242880 KB.',
    )
    await expect(run('storage.settings.update', { fileSizeLimit: -1, unit: 'MB' })).rejects.toThrow(MSG.bucketSizeLimitMin)
    await expect(run('storage.settings.update', { fileSizeLimit: 51, unit: 'GB' })).rejects.toThrow('Upload file size limit must be up to 50GB (bytes)')
    expect((await ctx.api.storageConfig(ref)).fileSizeLimit).toBe(200 * 1024 ** 2)
  })

  it('copies the API URL and keys on the API settings page', async () => {
    await expect(run('settings.api.copy', { key: 'anon' })).rejects.toThrow('is not available here')
    await ctx.navigate({ to: paths.apiSettings(ref) })
    const writeText = vi.fn(async (_: string) => {})
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    vi.stubGlobal('document', { hasFocus: () => true })
    const settings = await ctx.api.apiSettings(ref)
    const cases = [
      ['url', settings.api_url, 'Project URL'],
      ['anon', settings.anon_key, 'anon key'],
      ['service_role', settings.service_role_key, 'service_role key'],
      ['jwt_secret', settings.jwt_secret, 'JWT secret'],
    ] as const
    for (const [key, value, label] of cases) {
      expect(await run('settings.api.copy', { key })).toBe(true)
      expect(writeText).toHaveBeenLastCalledWith(value)
      expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: `Copied the ${label} to the clipboard` })
    }
    await ctx.navigate({ to: paths.storageSettings(ref) })
  })

  it('updates the Data API settings on the API settings page; bad ones are refused and change nothing', async () => {
    await expect(run('settings.data-api.update', { maxRows: 10 })).rejects.toThrow('is not available here')
    await own.studio.db.exec('create schema if not exists api')
    await ctx.navigate({ to: paths.apiSettings(ref) })
    try {
      const changed = { db_schema: 'api, public', db_extra_search_path: 'extensions', max_rows: 250, db_pool: null }
      expect(await run('settings.data-api.update', { schemas: 'api, public', extraSearchPath: ['extensions'], maxRows: '250' })).toEqual(changed)
      expect(ctx.toasts.at(-1)).toEqual({ kind: 'success', message: MSG.dataApiSettingsUpdated })
      expect(await own.studio.rest.config(ref)).toEqual({ schemas: ['api', 'public'], extraSearchPath: ['extensions'], maxRows: 250 })
      // what is left out stays; empty max rows is no limit
      expect(await run('settings.data-api.update', { maxRows: '' })).toEqual({ ...changed, max_rows: null })
      await expect(run('settings.data-api.update', { schemas: 'public, nope' })).rejects.toThrow(
        MSG.updateDataApiSettingsFailed(MSG.dataApiSchemaMissing('nope')),
      )
      await expect(run('settings.data-api.update', { extraSearchPath: 'pg_catalog' })).rejects.toThrow(MSG.dataApiSchemaSystem('pg_catalog'))
      await expect(run('settings.data-api.update', { maxRows: 0 })).rejects.toThrow(MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT))
      await expect(run('settings.data-api.update', { maxRows: '2000000' })).rejects.toThrow(MSG.dataApiMaxRows(REST_MAX_ROWS_LIMIT))
      await expect(run('settings.data-api.update', { schemas: ' , ' })).rejects.toThrow(MSG.dataApiSchemasRequired)
      expect(await ctx.api.postgrestConfig(ref)).toEqual({ ...changed, max_rows: null })
    } finally {
      await run('settings.data-api.update', { schemas: 'public, graphql_public', extraSearchPath: 'public, extensions', maxRows: REST_DEFAULT_MAX_ROWS })
      await ctx.navigate({ to: paths.storageSettings(ref) })
    }
    expect(await ctx.api.postgrestConfig(ref)).toEqual({ db_schema: 'public, graphql_public', db_extra_search_path: 'public, extensions', max_rows: REST_DEFAULT_MAX_ROWS, db_pool: null })
  })
})

/** The permission reason: no server or database involved, so once. */
describe.each(targets().slice(0, 1))('settings commands (no database: once) on $name', (target) => {
  let ctx: HeadlessContext
  beforeAll(() => {
    ctx = headlessContext(target, paths.storageSettings(ref))
  })

  it('needs tenant SQL admin write to change the Data API settings', async () => {
    await ctx.navigate({ to: paths.apiSettings(ref) })
    ctx.denied.add('tenantSqlAdminWrite')
    try {
      expect(disabledReason(getCommand('settings.data-api.update')!, ctx)).toBe(MSG.updateDataApiSettingsPermission)
    } finally {
      ctx.denied.delete('tenantSqlAdminWrite')
      await ctx.navigate({ to: paths.storageSettings(ref) })
    }
  })

  it('needs storage admin write', () => {
    ctx.denied.add('storageAdminWrite')
    try {
      expect(disabledReason(getCommand('storage.settings.update')!, ctx)).toBe(MSG.updateStorageSettingsPermission)
    } finally {
      ctx.denied.delete('storageAdminWrite')
    }
  })
})
