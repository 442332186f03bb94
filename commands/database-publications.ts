/**
 * Database publications (Database → Replication, issue 15): create one for all tables or chosen tables with
 * the operations it publishes, switch an operation, choose its tables, rename, delete. Lives on
 * /project/{ref}/database/replication. The bodies are in database-publications.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { PUBLICATION_OPERATIONS, type Publication } from '../src/shared/contract/pg-meta-publications'
import { MSG } from '../src/shared/messages'
import { OPERATION_LABELS, operationsText, publicationsQuery, tablesText } from '../src/web/model/database/replication/publications-data'

const load = () => import('./database-publications.run')

const AREA = 'database'

const onPublicationsPage = (ctx: CommandContext) => ctx.route.matches('database.replication')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change publications')

/** The publications, read again from the database when `fresh`. */
export function publications(ctx: CommandContext, fresh = false): Promise<Publication[]> {
  const query = publicationsQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

async function publicationOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await publications(ctx)).map((p) => ({ value: String(p.id), label: p.name, hint: `${tablesText(p)} · ${operationsText(p)}` }))
}

/** tables as "schema.name": a list, or the palette's text split at commas */
const tableList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z.array(z.string().trim().min(1)),
)
const operationArgs = {
  insert: z.boolean().optional(),
  update: z.boolean().optional(),
  delete: z.boolean().optional(),
  truncate: z.boolean().optional(),
}
const operationLabels = {
  insert: 'Publish inserts', update: 'Publish updates', delete: 'Publish deletes', truncate: 'Publish truncates',
}
const publicationArg = { publicationId: z.coerce.number({ error: 'Pick a publication' }).int().positive('Pick a publication') }
export const pickPublication = {
  args: z.object(publicationArg),
  argOptions: { publicationId: publicationOptions },
  argLabels: { publicationId: 'Publication' },
}

export const refreshPublicationsList = defineCommand({
  id: 'database.publications.refresh',
  title: 'Refresh publications',
  area: AREA,
  keywords: ['reload', 'retry', 'replication'],
  when: onPublicationsPage,
  run: lazyRun(load, 'refreshPublicationsList'),
})

export const openCreatePublicationDialog = defineCommand({
  id: 'database.publication.create-dialog.open',
  title: 'Create publication',
  area: AREA,
  keywords: ['new publication', 'replication', 'logical replication'],
  when: onPublicationsPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreatePublicationDialog'),
})

export const CreatePublicationArgs = z.object({
  name: z.string().trim().min(1, 'Please provide a name for the publication').max(63, 'A publication name can be at most 63 characters'),
  /** FOR ALL TABLES; otherwise `tables` (none: a publication with no table yet) */
  all_tables: z.boolean().optional(),
  tables: tableList.optional(),
  ...operationArgs,
})

export const createPublication = defineCommand({
  id: 'database.publication.create',
  title: 'Create publication, field by field',
  area: AREA,
  keywords: ['new publication', 'replication'],
  args: CreatePublicationArgs,
  argLabels: {
    name: 'Publication name',
    all_tables: 'For all tables',
    tables: 'Tables (schema.name, separated by commas)',
    ...operationLabels,
  },
  argWhen: { tables: (sofar) => !sofar.all_tables },
  when: onPublicationsPage,
  enabled: canWrite,
  run: lazyRun(load, 'createPublication'),
})

export const UpdatePublicationArgs = z.object({
  ...publicationArg,
  name: CreatePublicationArgs.shape.name.optional(),
  tables: tableList.optional(),
  ...operationArgs,
})

export const updatePublication = defineCommand({
  id: 'database.publication.update',
  title: 'Change publication, field by field',
  area: AREA,
  keywords: ['edit publication', 'rename publication', 'publication tables'],
  args: UpdatePublicationArgs,
  argOptions: { publicationId: publicationOptions },
  argLabels: { publicationId: 'Publication', name: 'New name', tables: 'Tables (schema.name, separated by commas; replaces the list)', ...operationLabels },
  when: onPublicationsPage,
  enabled: canWrite,
  run: lazyRun(load, 'updatePublication'),
})

export const TogglePublicationOperationArgs = z.object({ ...publicationArg, operation: z.enum(PUBLICATION_OPERATIONS, { error: 'Pick an operation' }) })

export const togglePublicationOperation = defineCommand({
  id: 'database.publication.operation.toggle',
  title: 'Toggle publication operation',
  area: AREA,
  keywords: ['insert', 'update', 'delete', 'truncate', 'publish', 'switch'],
  args: TogglePublicationOperationArgs,
  argOptions: {
    publicationId: publicationOptions,
    operation: async (ctx, sofar) => {
      const p = (await publications(ctx)).find((x) => x.id === Number(sofar.publicationId))
      return PUBLICATION_OPERATIONS.map((op) => ({ value: op, label: OPERATION_LABELS[op], hint: p ? (p[`publish_${op}`] ? 'on: turn off' : 'off: turn on') : undefined }))
    },
  },
  argLabels: { publicationId: 'Publication', operation: 'Operation' },
  when: onPublicationsPage,
  enabled: canWrite,
  run: lazyRun(load, 'togglePublicationOperation'),
})

export const openPublicationTablesDialog = defineCommand({
  id: 'database.publication.tables-dialog.open',
  title: 'Choose publication tables',
  area: AREA,
  keywords: ['edit tables', 'add table', 'remove table', 'publication tables'],
  ...pickPublication,
  when: onPublicationsPage,
  enabled: canWrite,
  run: lazyRun(load, 'openPublicationTablesDialog'),
})

export const deletePublication = defineCommand({
  id: 'database.publication.delete',
  title: 'Delete publication',
  area: AREA,
  keywords: ['drop publication', 'remove publication'],
  ...pickPublication,
  when: onPublicationsPage,
  enabled: canWrite,
  run: lazyRun(load, 'deletePublication'),
})
