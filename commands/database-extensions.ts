/**
 * Database extensions (issue 15): search and filter the available extensions, enable one into a schema
 * (created if missing), update it, move it, disable it (confirmed, CASCADE when objects depend on it). Lives
 * on /project/{ref}/database/extensions (enabling also on the Wrappers page, for postgres_fdw). The bodies are
 * in database-extensions.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { Extension } from '../src/shared/api'
import { DEFAULT_EXTENSION_SCHEMA } from '../src/shared/contract/pg-meta-extensions'
import { MSG } from '../src/shared/messages'
import { extensionsQuery, isLockedExtension } from '../src/web/model/database/extensions/extensions-data'
import { EXTENSION_FILTERS } from '../src/web/model/database/extensions/search'

const load = () => import('./database-extensions.run')

const AREA = 'database'

const onExtensionsPage = (ctx: CommandContext) => ctx.route.matches('database.extensions')
/** enabling is offered where an extension is missing: the Extensions page, and the Wrappers page (postgres_fdw) */
const whereEnabling = (ctx: CommandContext) => onExtensionsPage(ctx) || ctx.route.matches('database.wrappers')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change extensions')

/** The extensions, read again from the database when `fresh`. */
export function extensions(ctx: CommandContext, fresh = false): Promise<Extension[]> {
  const query = extensionsQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

const option = (x: Extension): ArgOption => ({
  value: x.name,
  label: x.name,
  hint: [x.installed_version ? `${x.installed_version} in ${x.schema}` : x.default_version, x.comment].filter(Boolean).join(' · '),
})
const notInstalled = async (ctx: CommandContext) => (await extensions(ctx)).filter((x) => !x.installed_version).map(option)
const installed = async (ctx: CommandContext) => (await extensions(ctx)).filter((x) => x.installed_version && !isLockedExtension(x.name)).map(option)

const extensionName = z.string({ error: 'Pick an extension' }).trim().min(1, 'Pick an extension')
const schemaName = z.string().trim().min(1, 'Please provide a schema').max(63)

export const refreshExtensionsList = defineCommand({
  id: 'database.extensions.refresh',
  title: 'Refresh extensions',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onExtensionsPage,
  run: lazyRun(load, 'refreshExtensionsList'),
})

export const SearchExtensionsArgs = z.object({ search: z.string() })

export const searchExtensions = defineCommand({
  id: 'database.extensions.search',
  title: 'Search extensions',
  area: AREA,
  keywords: ['filter', 'find extension'],
  args: SearchExtensionsArgs,
  argLabels: { search: 'Part of an extension name or description (empty shows every one)' },
  when: onExtensionsPage,
  run: lazyRun(load, 'searchExtensions'),
})

export const FilterExtensionsArgs = z.object({ filter: z.enum(EXTENSION_FILTERS, { error: 'Pick installed, available or all' }) })

export const filterExtensionsList = defineCommand({
  id: 'database.extensions.filter',
  title: 'Show installed or available extensions',
  area: AREA,
  keywords: ['enabled', 'installed', 'available', 'all extensions'],
  args: FilterExtensionsArgs,
  argOptions: {
    filter: () => [
      { value: 'all', label: 'All extensions' },
      { value: 'installed', label: 'Installed', hint: 'enabled in this database' },
      { value: 'available', label: 'Available', hint: 'not enabled yet' },
    ],
  },
  argLabels: { filter: 'Show' },
  when: onExtensionsPage,
  run: lazyRun(load, 'filterExtensionsList'),
})

export const EnableDialogArgs = z.object({ name: extensionName })

export const openEnableExtensionDialog = defineCommand({
  id: 'database.extension.enable-dialog.open',
  title: 'Enable extension…',
  area: AREA,
  keywords: ['install extension', 'create extension', 'choose schema'],
  args: EnableDialogArgs,
  argOptions: { name: notInstalled },
  argLabels: { name: 'Extension' },
  when: whereEnabling,
  enabled: canWrite,
  run: lazyRun(load, 'openEnableExtensionDialog'),
})

export const EnableExtensionArgs = z.object({
  name: extensionName,
  schema: schemaName.optional(),
  version: z.string().trim().min(1).optional(),
  cascade: z.boolean().optional(),
})

export const enableExtension = defineCommand({
  id: 'database.extension.enable',
  title: 'Enable extension',
  area: AREA,
  keywords: ['install extension', 'create extension', 'add extension'],
  args: EnableExtensionArgs,
  argOptions: {
    name: notInstalled,
    schema: () => [{ value: DEFAULT_EXTENSION_SCHEMA, label: DEFAULT_EXTENSION_SCHEMA, hint: 'default: created if missing' }, { value: 'public', label: 'public' }],
  },
  argLabels: { name: 'Extension', schema: `Schema (default ${DEFAULT_EXTENSION_SCHEMA}, created if missing)`, version: 'Version (default: the default version)', cascade: 'Also create the extensions it requires' },
  when: whereEnabling,
  enabled: canWrite,
  run: lazyRun(load, 'enableExtension'),
})

export const DisableExtensionArgs = z.object({ name: extensionName, cascade: z.boolean().optional() })

export const disableExtension = defineCommand({
  id: 'database.extension.disable',
  title: 'Disable extension',
  area: AREA,
  keywords: ['drop extension', 'remove extension', 'uninstall'],
  args: DisableExtensionArgs,
  argOptions: { name: installed },
  argLabels: { name: 'Extension', cascade: 'Also drop the objects that depend on it (CASCADE)' },
  when: onExtensionsPage,
  enabled: canWrite,
  run: lazyRun(load, 'disableExtension'),
})

export const UpdateExtensionArgs = z.object({ name: extensionName, version: z.string().trim().min(1).optional() })

export const updateExtension = defineCommand({
  id: 'database.extension.update',
  title: 'Update extension',
  area: AREA,
  keywords: ['upgrade extension', 'alter extension', 'version'],
  args: UpdateExtensionArgs,
  argOptions: { name: installed },
  argLabels: { name: 'Extension', version: 'Version (default: the default version)' },
  when: onExtensionsPage,
  enabled: canWrite,
  run: lazyRun(load, 'updateExtension'),
})

export const MoveExtensionArgs = z.object({ name: extensionName, schema: schemaName })

export const moveExtension = defineCommand({
  id: 'database.extension.schema.set',
  title: 'Move extension to another schema',
  area: AREA,
  keywords: ['alter extension', 'set schema', 'relocate'],
  args: MoveExtensionArgs,
  argOptions: { name: installed },
  argLabels: { name: 'Extension', schema: 'New schema (created if missing)' },
  when: onExtensionsPage,
  enabled: canWrite,
  run: lazyRun(load, 'moveExtension'),
})
