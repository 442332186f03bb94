/**
 * Enumerated types (issue 15, /project/{ref}/database/types): list one schema's enums, search them; create
 * one, rename it, add a value (before or after another, or at the end), rename a value, drop it
 * (type-to-confirm, CASCADE drops the columns of the type). Postgres cannot remove a value. The bodies are in
 * database-types.run.ts.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { isProtectedSchema } from '../src/shared/constants'
import { EnumValue, type PgType } from '../src/shared/contract/pg-meta-types'
import { MSG } from '../src/shared/messages'
import { DEFAULT_SCHEMA } from '../src/web/model/database/search'
import { enumsQuery } from '../src/web/model/database/types/types-data'
import { schemasQuery } from '../src/web/model/project/queries'

const load = () => import('./database-types.run')

const AREA = 'database'

const onTypesPage = (ctx: CommandContext) => ctx.route.matches('database.types')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change types')

export const currentTypesSchema = (ctx: CommandContext): string => {
  const schema = (ctx.location.search as { schema?: unknown }).schema
  return typeof schema === 'string' && schema ? schema : DEFAULT_SCHEMA
}

/** The schema's enums, read again from the database when `fresh`. */
export function schemaEnums(ctx: CommandContext, schema = currentTypesSchema(ctx), fresh = false): Promise<PgType[]> {
  const query = enumsQuery(ctx.api, ctx.ref, schema)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

async function typeOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await schemaEnums(ctx)).filter((t) => !isProtectedSchema(t.schema)).map((t) => ({ value: String(t.id), label: t.name, hint: t.enums.join(', ') }))
}

async function valueOptions(ctx: CommandContext, sofar: { type?: unknown }): Promise<ArgOption[]> {
  const found = (await schemaEnums(ctx)).find((t) => t.id === Number(sofar.type))
  return (found?.enums ?? []).map((v) => ({ value: v }))
}

const typeArg = { type: z.coerce.number({ error: 'Pick a type' }).int().positive('Pick a type') }
const typeName = z.string().trim().min(1, 'Please provide a name for the type').max(63, 'A type name can be at most 63 characters')

export const refreshTypesList = defineCommand({
  id: 'database.types.refresh',
  title: 'Refresh enumerated types',
  area: AREA,
  keywords: ['reload', 'retry', 'enums'],
  when: onTypesPage,
  run: lazyRun(load, 'refreshTypesList'),
})

export const SearchTypesArgs = z.object({ search: z.string() })

export const searchTypes = defineCommand({
  id: 'database.types.search',
  title: 'Search enumerated types',
  area: AREA,
  keywords: ['filter', 'find enum', 'find type'],
  args: SearchTypesArgs,
  argLabels: { search: 'Part of a type name or value (empty shows every type)' },
  when: onTypesPage,
  run: lazyRun(load, 'searchTypes'),
})

export const SetTypesSchemaArgs = z.object({ schema: z.string().min(1, 'Pick a schema') })

export const setTypesSchema = defineCommand({
  id: 'database.types.schema.set',
  title: 'Show enumerated types of schema',
  area: AREA,
  keywords: ['schema', 'switch schema', 'enums'],
  args: SetTypesSchemaArgs,
  argOptions: { schema: async (ctx) => (await ctx.queryClient.fetchQuery(schemasQuery(ctx.api, ctx.ref))).map((s) => ({ value: s.name })) },
  when: onTypesPage,
  run: lazyRun(load, 'setTypesSchema'),
})

export const openCreateTypeDialog = defineCommand({
  id: 'database.type.create-dialog.open',
  title: 'Create enumerated type',
  area: AREA,
  keywords: ['new enum', 'add enum', 'new type', 'create enum'],
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreateTypeDialog'),
})

export const pickType = { args: z.object(typeArg), argOptions: { type: typeOptions }, argLabels: { type: 'Enumerated type' } }

export const openEditTypeDialog = defineCommand({
  id: 'database.type.edit-dialog.open',
  title: 'Edit enumerated type',
  area: AREA,
  keywords: ['rename enum', 'add value', 'change enum'],
  ...pickType,
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'openEditTypeDialog'),
})

export const openDeleteTypeDialog = defineCommand({
  id: 'database.type.delete-dialog.open',
  title: 'Delete enumerated type',
  area: AREA,
  keywords: ['drop enum', 'remove type', 'drop type'],
  ...pickType,
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'openDeleteTypeDialog'),
})

export const CreateTypeArgs = z.object({
  name: typeName,
  values: z.array(EnumValue).min(1, 'Add at least one value'),
})

export const createType = defineCommand({
  id: 'database.type.create',
  title: 'Create enumerated type, field by field',
  area: AREA,
  keywords: ['new enum', 'add enum', 'create enum'],
  args: CreateTypeArgs,
  argLabels: { name: 'Type name', values: 'Values, in order (comma separated)' },
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'createType'),
})

export const RenameTypeArgs = z.object({ ...typeArg, name: typeName })

export const renameType = defineCommand({
  id: 'database.type.rename',
  title: 'Rename enumerated type',
  area: AREA,
  keywords: ['rename enum'],
  args: RenameTypeArgs,
  argOptions: { type: typeOptions },
  argLabels: { type: 'Enumerated type', name: 'New name' },
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'renameType'),
})

export const AddTypeValueArgs = z.object({
  ...typeArg,
  value: EnumValue,
  position: z.enum(['end', 'before', 'after']).default('end'),
  /** the value it goes before or after */
  neighbour: z.string().optional(),
})

export const addTypeValue = defineCommand({
  id: 'database.type.value.add',
  title: 'Add value to enumerated type',
  area: AREA,
  keywords: ['new value', 'enum value', 'add label'],
  args: AddTypeValueArgs,
  argOptions: { type: typeOptions, neighbour: valueOptions },
  argLabels: { type: 'Enumerated type', value: 'New value', position: 'Where (at the end, or before/after a value)', neighbour: 'Next to value' },
  argWhen: { neighbour: (sofar) => sofar.position === 'before' || sofar.position === 'after' },
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'addTypeValue'),
})

export const RenameTypeValueArgs = z.object({ ...typeArg, value: z.string().min(1, 'Pick a value'), to: EnumValue })

export const renameTypeValue = defineCommand({
  id: 'database.type.value.rename',
  title: 'Rename value of enumerated type',
  area: AREA,
  keywords: ['rename label', 'enum value'],
  args: RenameTypeValueArgs,
  argOptions: { type: typeOptions, value: valueOptions },
  argLabels: { type: 'Enumerated type', value: 'Value', to: 'New value' },
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'renameTypeValue'),
})

export const DeleteTypeArgs = z.object({
  ...typeArg,
  /** type-to-confirm: the type's name */
  confirmation: z.string({ error: MSG.valueMismatch }),
  cascade: z.boolean().optional(),
})

export const deleteType = defineCommand({
  id: 'database.type.delete',
  title: 'Drop enumerated type, typing its name',
  area: AREA,
  keywords: ['drop enum', 'remove type', 'drop type'],
  args: DeleteTypeArgs,
  argOptions: { type: typeOptions },
  argLabels: { type: 'Enumerated type', confirmation: "Type the type's name to confirm", cascade: 'CASCADE: also drop the columns of this type (their data is lost)' },
  when: onTypesPage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteType'),
})
