/**
 * Indexes (issue 15, /project/{ref}/database/indexes): list one schema's indexes, search them, narrow to one
 * table; create (columns in order, method, unique, partial WHERE, CONCURRENTLY on PostgreSQL) and drop; the
 * hints (unused indexes, tables read by sequential scans). The bodies are in database-indexes.run.ts.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { isProtectedSchema } from '../src/shared/constants'
import { INDEX_METHODS, type PgIndex } from '../src/shared/contract/pg-meta-indexes'
import { MSG } from '../src/shared/messages'
import { DEFAULT_SCHEMA } from '../src/web/model/database/search'
import { indexesQuery, indexTablesQuery, keyLabel } from '../src/web/model/database/indexes/indexes-data'
import { indexesState } from '../src/web/model/database/indexes/indexes-state'
import { schemasQuery } from '../src/web/model/project/queries'
import { studioQuery } from '../src/web/model/project/project-queries'

const load = () => import('./database-indexes.run')

const AREA = 'database'

const onIndexesPage = (ctx: CommandContext) => ctx.route.matches('database.indexes')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change indexes')

/** The schema the page shows (?schema=, public when absent). */
export const currentSchema = (ctx: CommandContext): string => {
  const schema = (ctx.location.search as { schema?: unknown }).schema
  return typeof schema === 'string' && schema ? schema : DEFAULT_SCHEMA
}

/** The schema's indexes, read again from the database when `fresh`. */
export function schemaIndexes(ctx: CommandContext, schema = currentSchema(ctx), fresh = false): Promise<PgIndex[]> {
  const query = indexesQuery(ctx.api, ctx.ref, schema)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

/** Whether the project's database is PGlite (no CONCURRENTLY there). */
export async function onPglite(ctx: CommandContext): Promise<boolean> {
  return (await ctx.queryClient.ensureQueryData(studioQuery(ctx.api))).database === 'pglite'
}

const indexHint = (x: PgIndex) => `${x.table} (${x.columns.map(keyLabel).join(', ')}) · ${x.access_method}`

/** The indexes that can be dropped: not a platform schema's. */
async function indexOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await schemaIndexes(ctx)).filter((x) => !isProtectedSchema(x.schema)).map((x) => ({ value: String(x.id), label: x.name, hint: indexHint(x) }))
}

async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const tables = await ctx.queryClient.ensureQueryData(indexTablesQuery(ctx.api, ctx.ref, currentSchema(ctx)))
  return tables.map((t) => ({ value: String(t.id), label: t.name, hint: `${t.columns?.length ?? 0} columns` }))
}

async function columnOptions(ctx: CommandContext, sofar: { table?: unknown }): Promise<ArgOption[]> {
  const tables = await ctx.queryClient.ensureQueryData(indexTablesQuery(ctx.api, ctx.ref, currentSchema(ctx)))
  const table = tables.find((t) => t.id === Number(sofar.table))
  return (table?.columns ?? []).map((c) => ({ value: c.name, hint: c.format }))
}

export const refreshIndexesList = defineCommand({
  id: 'database.indexes.refresh',
  title: 'Refresh indexes',
  area: AREA,
  keywords: ['reload', 'retry', 'statistics'],
  when: onIndexesPage,
  run: lazyRun(load, 'refreshIndexesList'),
})

export const SearchIndexesArgs = z.object({ search: z.string() })

export const searchIndexes = defineCommand({
  id: 'database.indexes.search',
  title: 'Search indexes',
  area: AREA,
  keywords: ['filter', 'find index'],
  args: SearchIndexesArgs,
  argLabels: { search: 'Part of an index, table or column name (empty shows every index)' },
  when: onIndexesPage,
  run: lazyRun(load, 'searchIndexes'),
})

export const SetIndexesSchemaArgs = z.object({ schema: z.string().min(1, 'Pick a schema') })

export const setIndexesSchema = defineCommand({
  id: 'database.indexes.schema.set',
  title: 'Show indexes of schema',
  area: AREA,
  keywords: ['schema', 'switch schema'],
  args: SetIndexesSchemaArgs,
  argOptions: { schema: async (ctx) => (await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))).map((s) => ({ value: s.name })) },
  when: onIndexesPage,
  run: lazyRun(load, 'setIndexesSchema'),
})

export const FilterIndexesTableArgs = z.object({ table: z.string().optional() })

export const filterIndexesTable = defineCommand({
  id: 'database.indexes.table.filter',
  title: 'Show indexes of table',
  area: AREA,
  keywords: ['table filter', 'only table'],
  args: FilterIndexesTableArgs,
  argOptions: {
    table: async (ctx) => [{ value: '', label: 'All tables' }, ...(await tableOptions(ctx)).map((o) => ({ ...o, value: o.label ?? o.value }))],
  },
  argLabels: { table: 'Table (All tables to show every one)' },
  when: onIndexesPage,
  run: lazyRun(load, 'filterIndexesTable'),
})

export const toggleIndexHints = defineCommand({
  id: 'database.indexes.hints.toggle',
  title: 'Show index hints',
  area: AREA,
  keywords: ['unused indexes', 'sequential scans', 'advisor', 'performance', 'hide hints'],
  when: onIndexesPage,
  checked: () => indexesState.hintsOpen,
  run: lazyRun(load, 'toggleIndexHints'),
})

export const OpenCreateIndexArgs = z.object({
  table: z.coerce.number().int().positive().optional(),
  columns: z.array(z.string()).optional(),
})

export const openCreateIndexDialog = defineCommand({
  id: 'database.index.create-dialog.open',
  title: 'Create index',
  area: AREA,
  keywords: ['new index', 'add index'],
  args: OpenCreateIndexArgs,
  argOptions: { table: tableOptions, columns: columnOptions },
  argLabels: { table: 'Table (optional)', columns: 'Columns (optional)' },
  argWhen: { columns: (sofar) => sofar.table !== undefined },
  when: onIndexesPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreateIndexDialog'),
})

export const CreateIndexArgs = z.object({
  table: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table'),
  columns: z.array(z.string().min(1)).min(1, 'Pick at least one column'),
  method: z.enum(INDEX_METHODS).default('btree'),
  unique: z.boolean().optional(),
  /** the columns (among `columns`) kept in descending order: btree only */
  descending: z.array(z.string()).optional(),
  where: z.string().optional(),
  name: z.string().optional(),
  concurrently: z.boolean().optional(),
})

export const createIndex = defineCommand({
  id: 'database.index.create',
  title: 'Create index, field by field',
  area: AREA,
  keywords: ['new index', 'add index', 'btree', 'gin', 'gist', 'hash', 'brin', 'unique', 'partial'],
  args: CreateIndexArgs,
  argOptions: { table: tableOptions, columns: columnOptions, descending: columnOptions },
  argLabels: {
    table: 'Table',
    columns: 'Columns, in order',
    method: 'Method',
    unique: 'Unique',
    descending: 'Columns in descending order (optional)',
    where: 'Partial index: WHERE condition (optional)',
    name: 'Name (optional: generated from the table and columns)',
    concurrently: 'Build concurrently (PostgreSQL only)',
  },
  argWhen: {
    unique: (sofar) => (sofar.method ?? 'btree') === 'btree',
    descending: (sofar) => (sofar.method ?? 'btree') === 'btree',
    concurrently: (_sofar, ctx) => (ctx.queryClient.getQueryData(studioQuery(ctx.api).queryKey)?.database ?? 'postgres') === 'postgres',
  },
  when: onIndexesPage,
  enabled: canWrite,
  run: lazyRun(load, 'createIndex'),
})

export const DeleteIndexArgs = z.object({
  index: z.coerce.number({ error: 'Pick an index' }).int().positive('Pick an index'),
  concurrently: z.boolean().optional(),
})

export const deleteIndex = defineCommand({
  id: 'database.index.delete',
  title: 'Drop index',
  area: AREA,
  keywords: ['delete index', 'remove index', 'drop index'],
  args: DeleteIndexArgs,
  argOptions: { index: indexOptions },
  argLabels: { index: 'Index', concurrently: 'Drop concurrently (PostgreSQL only)' },
  argWhen: {
    concurrently: (_sofar, ctx) => (ctx.queryClient.getQueryData(studioQuery(ctx.api).queryKey)?.database ?? 'postgres') === 'postgres',
  },
  when: onIndexesPage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteIndex'),
})

export const ShowIndexDefinitionArgs = z.object({ index: z.coerce.number({ error: 'Pick an index' }).int().positive('Pick an index') })

export const showIndexDefinition = defineCommand({
  id: 'database.index.definition.show',
  title: 'Show index definition',
  area: AREA,
  keywords: ['sql', 'create index statement', 'copy definition'],
  args: ShowIndexDefinitionArgs,
  argOptions: {
    index: async (ctx) => (await schemaIndexes(ctx)).map((x) => ({ value: String(x.id), label: x.name, hint: indexHint(x) })),
  },
  argLabels: { index: 'Index' },
  when: onIndexesPage,
  run: lazyRun(load, 'showIndexDefinition'),
})
