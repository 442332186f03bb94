/**
 * Columns of the open table (spec 3 column form, spec 6 permissions): open the column panel, add, change
 * and drop columns. The bodies are in grid-columns.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import { AREA, canEditColumns, onTable, openTable } from './grid-args'
import type { CommandContext } from '../src/web/model/app/context'
import { isUserSchema } from '../src/web/model/project/project-queries'
import { schemasQuery } from '../src/web/model/project/queries'
import {
  ColumnArgs, columnOptionShape, formatReference, identityProblem,
} from '../src/web/model/table-editor/structure/column-payload'
import { POSTGRES_TYPES, columnType, enumTypeName, enumTypesQuery } from '../src/web/model/table-editor/structure/column-types'

const load = () => import('./grid-columns.run')

/** database tables: the Database → Tables page of one table changes its columns with these same commands. */
const onColumns = (ctx: CommandContext) => onTable(ctx) || ctx.route.matches('database.table')

async function columnOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await openTable(ctx)).columns.map((c) => ({ value: c.name, hint: columnType(c) }))
}

/** The common types, their arrays and the project's enums. */
async function typeOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const enums = await ctx.queryClient.fetchQuery(enumTypesQuery(ctx.api, ctx.ref))
  const base = [
    ...POSTGRES_TYPES.map((t) => ({ value: t.value, hint: t.description })),
    ...enums.map((e) => ({ value: enumTypeName(e), hint: 'enum' })),
  ]
  return [...base, ...base.map((t) => ({ value: `${t.value}[]`, hint: `array of ${t.value}` }))]
}

/** Primary-key and unique columns of the user's tables: what a foreign key may point at. */
async function referenceOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schemas = (await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))).map((s) => s.name).filter(isUserSchema)
  const tables = await ctx.api.tables(ctx.ref, { include_columns: true, included_schemas: schemas })
  return tables.flatMap((t) =>
    (t.columns ?? [])
      .filter((c) => c.is_unique || t.primary_keys.some((pk) => pk.name === c.name))
      .map((c) => ({ value: formatReference(t.schema, t.name, c.name), hint: columnType(c) })),
  )
}

const columnOptionLabels = {
  defaultValue: 'Default value (a function call or (expression), else a literal)',
  defaultValueFormat: 'Default value is an',
  isNullable: 'Allow nulls',
  isUnique: 'Unique',
  isPrimaryKey: 'Primary key',
  isIdentity: 'Identity (integer types only)',
  check: 'Check constraint',
  comment: 'Comment',
  references: 'Foreign key to',
  onDelete: 'On delete of the referenced row',
}

export const PickColumnArgs = z.object({ column: z.string().min(1, 'Pick a column') })

// ---- columns of the open table ----

export const openInsertColumnPanel = defineCommand({
  id: 'grid.column.insert-panel.open',
  title: 'Insert column',
  area: AREA,
  keywords: ['add column', 'new column', 'field'],
  when: onColumns,
  enabled: canEditColumns,
  run: lazyRun(load, 'openInsertColumnPanel'),
})

export const openEditColumnPanel = defineCommand({
  id: 'grid.column.edit-panel.open',
  title: 'Edit column',
  area: AREA,
  keywords: ['change column', 'rename column', 'column type'],
  args: PickColumnArgs,
  argOptions: { column: columnOptions },
  argLabels: { column: 'Column' },
  when: onColumns,
  enabled: canEditColumns,
  run: lazyRun(load, 'openEditColumnPanel'),
})

export const AddColumnArgs = ColumnArgs.superRefine((args, check) => {
  const problem = identityProblem(args.type, args)
  if (problem) check.addIssue({ code: 'custom', path: ['isIdentity'], message: problem })
})

export const addColumn = defineCommand({
  id: 'grid.column.add',
  title: 'Add column, field by field',
  area: AREA,
  keywords: ['new column', 'insert column'],
  args: AddColumnArgs,
  argOptions: { type: typeOptions, references: referenceOptions },
  argLabels: { name: 'Column name', type: 'Type', ...columnOptionLabels },
  when: onColumns,
  enabled: canEditColumns,
  run: lazyRun(load, 'addColumn'),
})

export const UpdateColumnArgs = z.object({
  column: z.string().min(1, 'Pick a column'),
  name: ColumnArgs.shape.name.optional(),
  type: ColumnArgs.shape.type.optional(),
  ...columnOptionShape,
})

export const updateColumn = defineCommand({
  id: 'grid.column.update',
  title: 'Change column, field by field',
  area: AREA,
  keywords: ['edit column', 'rename column', 'alter column', 'column type'],
  args: UpdateColumnArgs,
  argOptions: { column: columnOptions, type: typeOptions, references: referenceOptions },
  argLabels: { column: 'Column', name: 'New name', type: 'New type', ...columnOptionLabels },
  when: onColumns,
  enabled: canEditColumns,
  run: lazyRun(load, 'updateColumn'),
})

export const deleteColumn = defineCommand({
  id: 'grid.column.delete',
  title: 'Delete column',
  area: AREA,
  keywords: ['drop column', 'remove column'],
  args: PickColumnArgs,
  argOptions: { column: columnOptions },
  argLabels: { column: 'Column' },
  when: onColumns,
  enabled: canEditColumns,
  run: lazyRun(load, 'deleteColumn'),
})
