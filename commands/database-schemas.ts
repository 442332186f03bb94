/**
 * The schema visualizer (issue 15, Database → Schemas): pick the schema, find a table and focus it, fit,
 * zoom, lay the tables out again, export the diagram as PNG or SVG, copy the schema's SQL, open a table in
 * the Table Editor or the Database tables page. Lives on /project/{ref}/database/schemas?schema=. The
 * bodies are in database-schemas.run.ts, loaded on first use (the diagram's libraries load with the page).
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import type { SchemaGraph } from '../src/shared/contract/pg-meta-schema-graph'
import { MSG } from '../src/shared/messages'
import { schemasQuery } from '../src/web/model/project/queries'
import { DEFAULT_SCHEMA, schemaGraphQuery } from '../src/web/model/database/schemas/schema-graph-data'
import { findableTables } from '../src/web/model/database/schemas/table-search'
import { visualizerState } from '../src/web/model/database/schemas/visualizer-state'

const load = () => import('./database-schemas.run')

const AREA = 'database'

const onPage = (ctx: CommandContext) => ctx.route.matches('database.schemas')
const diagramShown = () => visualizerState.ready || MSG.schemaGraphNotShown

/** The schema in view (?schema=, public by default). */
export function currentSchema(ctx: CommandContext): string {
  const s = ctx.location.search.schema
  return typeof s === 'string' && s ? s : DEFAULT_SCHEMA
}

/** The graph of the schema in view, read again from the database when `fresh`. */
export function graphOf(ctx: CommandContext, fresh = false): Promise<SchemaGraph> {
  const query = schemaGraphQuery(ctx.api, ctx.ref, currentSchema(ctx))
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

export const SetSchemaArgs = z.object({ schema: z.string().trim().min(1, 'Pick a schema') })

export const setVisualizerSchema = defineCommand({
  id: 'database.schemas.schema.set',
  title: 'Show schema in the visualizer',
  area: AREA,
  keywords: ['schema', 'switch schema', 'diagram', 'erd'],
  args: SetSchemaArgs,
  argOptions: {
    schema: async (ctx) => {
      const current = currentSchema(ctx)
      const all = await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))
      return [...all.filter((s) => s.name === current), ...all.filter((s) => s.name !== current)].map((s) => ({ value: s.name }))
    },
  },
  argLabels: { schema: 'Schema' },
  when: onPage,
  run: lazyRun(load, 'setVisualizerSchema'),
})

async function tableOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return findableTables(await graphOf(ctx)).map((t) => ({ value: t.id, label: t.external ? t.id : t.name, hint: t.external ? 'other schema' : undefined }))
}

export const FindTableArgs = z.object({ table: z.string().trim().min(1, 'Type part of a table name') })

export const findTable = defineCommand({
  id: 'database.schemas.table.find',
  title: 'Find table in the diagram',
  area: AREA,
  keywords: ['search', 'focus', 'go to table', 'locate', 'center'],
  args: FindTableArgs,
  argOptions: { table: tableOptions },
  argLabels: { table: 'Table' },
  when: onPage,
  run: lazyRun(load, 'findTable'),
})

export const clearFocus = defineCommand({
  id: 'database.schemas.table.unfocus',
  title: 'Clear the table in focus',
  area: AREA,
  keywords: ['highlight', 'deselect'],
  when: (ctx) => onPage(ctx) && visualizerState.focused !== null,
  run: lazyRun(load, 'clearFocus'),
})

export const fitView = defineCommand({
  id: 'database.schemas.view.fit',
  title: 'Fit the diagram to the screen',
  area: AREA,
  keywords: ['zoom to fit', 'show all', 'overview'],
  when: onPage,
  enabled: diagramShown,
  run: lazyRun(load, 'fitView'),
})

export const zoomIn = defineCommand({
  id: 'database.schemas.view.zoom-in',
  title: 'Zoom in',
  area: AREA,
  keywords: ['bigger', 'magnify'],
  when: onPage,
  enabled: diagramShown,
  run: lazyRun(load, 'zoomIn'),
})

export const zoomOut = defineCommand({
  id: 'database.schemas.view.zoom-out',
  title: 'Zoom out',
  area: AREA,
  keywords: ['smaller'],
  when: onPage,
  enabled: diagramShown,
  run: lazyRun(load, 'zoomOut'),
})

export const resetLayout = defineCommand({
  id: 'database.schemas.layout.reset',
  title: 'Reset layout',
  area: AREA,
  keywords: ['auto layout', 'arrange', 'tidy', 'forget positions', 'dagre'],
  when: onPage,
  run: lazyRun(load, 'resetLayout'),
})

export const exportPng = defineCommand({
  id: 'database.schemas.export.png',
  title: 'Export diagram as PNG',
  area: AREA,
  keywords: ['image', 'download', 'picture', 'screenshot'],
  when: onPage,
  enabled: diagramShown,
  run: lazyRun(load, 'exportPng'),
})

export const exportSvg = defineCommand({
  id: 'database.schemas.export.svg',
  title: 'Export diagram as SVG',
  area: AREA,
  keywords: ['image', 'download', 'vector'],
  when: onPage,
  enabled: diagramShown,
  run: lazyRun(load, 'exportSvg'),
})

export const copySchemaSql = defineCommand({
  id: 'database.schemas.sql.copy',
  title: 'Copy schema as SQL',
  area: AREA,
  keywords: ['ddl', 'create table', 'dump', 'clipboard', 'definition'],
  when: onPage,
  run: lazyRun(load, 'copySchemaSql'),
})

export const OpenTableArgs = z.object({
  table: z.coerce.number({ error: 'Pick a table' }).int().positive('Pick a table'),
  in: z.enum(['table-editor', 'database']).default('table-editor'),
})

export const openTable = defineCommand({
  id: 'database.schemas.table.open',
  title: 'Open table from the diagram',
  area: AREA,
  keywords: ['table editor', 'columns', 'rows', 'edit table'],
  args: OpenTableArgs,
  argOptions: {
    table: async (ctx) => {
      const focused = visualizerState.focused
      const tables = (await graphOf(ctx)).tables
      const first = tables.filter((t) => `${t.schema}.${t.name}` === focused)
      return [...first, ...tables.filter((t) => !first.includes(t))].map((t) => ({ value: String(t.id), label: t.name, hint: `${t.columns.length} columns` }))
    },
    in: () => [
      { value: 'table-editor', label: 'Table Editor', hint: 'rows' },
      { value: 'database', label: 'Database tables', hint: 'columns' },
    ],
  },
  argLabels: { table: 'Table', in: 'Open in' },
  when: onPage,
  run: lazyRun(load, 'openTable'),
})

export const refreshGraph = defineCommand({
  id: 'database.schemas.refresh',
  title: 'Refresh schema diagram',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onPage,
  run: lazyRun(load, 'refreshGraph'),
})
