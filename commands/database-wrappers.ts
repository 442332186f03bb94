/**
 * Foreign data wrappers (issue 15): create a postgres_fdw server (with a user mapping for the current user),
 * import a foreign schema from it into a local schema, delete a server. Without postgres_fdw the commands say
 * which extension is missing (enable it with 'database.extension.enable' where the database has it). Lives on
 * /project/{ref}/database/wrappers. The bodies are in database-wrappers.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { ForeignData } from '../src/shared/contract/pg-meta-wrappers'
import { ForeignSchemaImportBody, ForeignServerCreateBody } from '../src/shared/contract/pg-meta-wrappers'
import { MSG } from '../src/shared/messages'
import { foreignDataQuery } from '../src/web/model/database/wrappers/wrappers-data'

const load = () => import('./database-wrappers.run')

const AREA = 'database'

const onWrappersPage = (ctx: CommandContext) => ctx.route.matches('database.wrappers')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change foreign data wrappers')

/** The wrappers, servers and postgres_fdw's state, read again from the database when `fresh`. */
export function foreignData(ctx: CommandContext, fresh = false): Promise<ForeignData> {
  const query = foreignDataQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

async function serverOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await foreignData(ctx)).servers.map((s) => ({ value: s.name, label: s.name, hint: `${s.wrapper} · ${s.foreign_table_count} foreign tables` }))
}

const serverArg = { server: z.string({ error: 'Pick a server' }).trim().min(1, 'Pick a server') }

export const refreshWrappersList = defineCommand({
  id: 'database.wrappers.refresh',
  title: 'Refresh foreign data wrappers',
  area: AREA,
  keywords: ['reload', 'retry', 'fdw', 'servers'],
  when: onWrappersPage,
  run: lazyRun(load, 'refreshWrappersList'),
})

export const openCreateServerDialog = defineCommand({
  id: 'database.wrapper.server.create-dialog.open',
  title: 'Create foreign server (postgres_fdw)',
  area: AREA,
  keywords: ['new server', 'fdw', 'postgres_fdw', 'connect database', 'wrapper'],
  when: onWrappersPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreateServerDialog'),
})

export const CreateServerArgs = ForeignServerCreateBody

export const createForeignServer = defineCommand({
  id: 'database.wrapper.server.create',
  title: 'Create foreign server, field by field',
  area: AREA,
  keywords: ['new server', 'fdw', 'postgres_fdw'],
  args: CreateServerArgs,
  argLabels: { name: 'Server name', host: 'Host', port: 'Port (default 5432)', dbname: 'Database name', user: 'Remote user', password: 'Remote password (optional)' },
  when: onWrappersPage,
  enabled: canWrite,
  run: lazyRun(load, 'createForeignServer'),
})

export const openImportSchemaDialog = defineCommand({
  id: 'database.wrapper.schema.import-dialog.open',
  title: 'Import foreign schema…',
  area: AREA,
  keywords: ['import foreign schema', 'foreign tables', 'fdw'],
  args: z.object(serverArg),
  argOptions: { server: serverOptions },
  argLabels: { server: 'Server' },
  when: onWrappersPage,
  enabled: canWrite,
  run: lazyRun(load, 'openImportSchemaDialog'),
})

export const ImportSchemaArgs = ForeignSchemaImportBody.extend({
  tables: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.string().trim().min(1)),
  ).optional(),
})

export const importForeignSchema = defineCommand({
  id: 'database.wrapper.schema.import',
  title: 'Import foreign schema',
  area: AREA,
  keywords: ['import foreign schema', 'foreign tables', 'fdw'],
  args: ImportSchemaArgs,
  argOptions: { server: serverOptions },
  argLabels: { server: 'Server', remote_schema: 'Remote schema', local_schema: 'Local schema (created if missing)', tables: 'Only these tables (separated by commas; empty: all)' },
  when: onWrappersPage,
  enabled: canWrite,
  run: lazyRun(load, 'importForeignSchema'),
})

export const DeleteServerArgs = z.object({ ...serverArg, cascade: z.boolean().optional() })

export const deleteForeignServer = defineCommand({
  id: 'database.wrapper.server.delete',
  title: 'Delete foreign server',
  area: AREA,
  keywords: ['drop server', 'remove server', 'fdw'],
  args: DeleteServerArgs,
  argOptions: { server: serverOptions },
  argLabels: { server: 'Server', cascade: 'Also drop its user mappings and foreign tables (CASCADE)' },
  when: onWrappersPage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteForeignServer'),
})
