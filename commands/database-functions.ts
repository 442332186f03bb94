/**
 * Database functions (issue 15): list, search, create, change, drop and run them on
 * /project/{ref}/database/functions. Each argument can be given field by field in the palette; the
 * bodies are in database-functions.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { FUNCTION_BEHAVIORS, FUNCTION_LANGUAGES, FunctionArgInput, type PgFunction } from '../src/shared/contract/pg-meta-functions'
import { MSG } from '../src/shared/messages'
import { functionsQuery } from '../src/web/model/database/functions/functions-data'
import { functionsState } from '../src/web/model/database/functions/functions-state'
import { DEFAULT_SCHEMA } from '../src/web/model/database/search'

const load = () => import('./database-functions.run')

const AREA = 'database'

const onFunctionsPage = (ctx: CommandContext) => ctx.route.matches('database.functions')
/** the function panel opens on the triggers page too ("create a new function" for a trigger) */
const onFunctionOrTriggerPage = (ctx: CommandContext) => ctx.route.matches('database.functions') || ctx.route.matches('database.triggers')
const canWrite = (ctx: CommandContext) => ctx.can('tenantSqlAdminWrite') || MSG.noPermission('change functions')

/** The schema the page shows (?schema=, public when absent). */
export const pageSchema = (ctx: CommandContext) => {
  const schema = ctx.location.search.schema
  return typeof schema === 'string' && schema ? schema : DEFAULT_SCHEMA
}

/** Every function the dashboard lists, read again from the database when `fresh`. */
export function allFunctions(ctx: CommandContext, fresh = false): Promise<PgFunction[]> {
  const query = functionsQuery(ctx.api, ctx.ref)
  return fresh ? ctx.queryClient.fetchQuery({ ...query, staleTime: 0 }) : ctx.queryClient.ensureQueryData(query)
}

/** The functions as options: the page's schema first. */
async function functionOptions(ctx: CommandContext): Promise<ArgOption[]> {
  const schema = pageSchema(ctx)
  const list = await allFunctions(ctx, true)
  const sorted = [...list.filter((f) => f.schema === schema), ...list.filter((f) => f.schema !== schema)]
  return sorted.map((f) => ({ value: String(f.id), label: `${f.schema}.${f.name}(${f.identity_argument_types})`, hint: `returns ${f.return_type}` }))
}

const functionId = z.coerce.number({ error: 'Pick a function' }).int().positive('Pick a function')
export const pickFunction = {
  args: z.object({ functionId }),
  argOptions: { functionId: functionOptions },
  argLabels: { functionId: 'Function' },
}

export const refreshFunctionsList = defineCommand({
  id: 'database.functions.refresh',
  title: 'Refresh functions',
  area: AREA,
  keywords: ['reload', 'retry'],
  when: onFunctionsPage,
  run: lazyRun(load, 'refreshFunctionsList'),
})

export const SearchFunctionsArgs = z.object({ search: z.string() })

export const searchFunctions = defineCommand({
  id: 'database.functions.search',
  title: 'Search functions',
  area: AREA,
  keywords: ['filter', 'find function'],
  args: SearchFunctionsArgs,
  argLabels: { search: 'Part of a function name (empty shows every function)' },
  when: onFunctionsPage,
  run: lazyRun(load, 'searchFunctions'),
})

export const ShowSchemaArgs = z.object({ schema: z.string().min(1, 'Pick a schema') })
const schemaOptions = async (ctx: CommandContext): Promise<ArgOption[]> =>
  (await ctx.api.schemas(ctx.ref)).map((s) => ({ value: s.name, label: s.name }))

export const showFunctionsSchema = defineCommand({
  id: 'database.functions.schema',
  title: 'Show functions of schema',
  area: AREA,
  keywords: ['schema', 'switch schema'],
  args: ShowSchemaArgs,
  argOptions: { schema: schemaOptions },
  argLabels: { schema: 'Schema' },
  when: onFunctionsPage,
  run: lazyRun(load, 'showFunctionsSchema'),
})

export const OpenCreateFunctionArgs = z.object({
  /** start from a trigger function (returns trigger, plpgsql) */
  trigger: z.boolean().optional(),
})

export const openCreateFunctionPanel = defineCommand({
  id: 'database.function.create-panel.open',
  title: 'Create function',
  area: AREA,
  keywords: ['new function', 'add function', 'procedure', 'plpgsql'],
  args: OpenCreateFunctionArgs,
  argLabels: { trigger: 'A trigger function' },
  when: onFunctionOrTriggerPage,
  enabled: canWrite,
  run: lazyRun(load, 'openCreateFunctionPanel'),
})

export const openEditFunctionPanel = defineCommand({
  id: 'database.function.edit-panel.open',
  title: 'Edit function',
  area: AREA,
  keywords: ['change function', 'open function', 'definition'],
  ...pickFunction,
  when: onFunctionsPage,
  enabled: canWrite,
  run: lazyRun(load, 'openEditFunctionPanel'),
})

export const saveFunctionPanel = defineCommand({
  id: 'database.function.panel.save',
  title: 'Save function',
  area: AREA,
  keywords: ['create', 'apply', 'submit'],
  when: (ctx) => onFunctionOrTriggerPage(ctx) && functionsState.panel !== null,
  enabled: canWrite,
  run: lazyRun(load, 'saveFunctionPanel'),
})

const behavior = z.enum(FUNCTION_BEHAVIORS)
const languageOptions = () => FUNCTION_LANGUAGES.map((value) => ({ value }))
const behaviorOptions = () => FUNCTION_BEHAVIORS.map((value) => ({ value, label: value.toLowerCase() }))
const fields = {
  schema: z.string().trim().min(1).optional(),
  /** as the form sends them */
  args: z.array(FunctionArgInput).optional(),
  /** as typed in the palette: 'a integer, b text default ''x''' */
  arguments: z.string().optional(),
  return_type: z.string().trim().min(1, 'Give the function a return type').optional(),
  language: z.string().trim().min(1).optional(),
  definition: z.string().optional(),
  behavior: behavior.optional(),
  security_definer: z.boolean().optional(),
  /** empty: no search_path setting */
  search_path: z.string().optional(),
}
const fieldLabels = {
  schema: 'Schema (skip: the page\'s)',
  arguments: 'Arguments: name type, … (skip: none)',
  return_type: 'Return type (void, integer, setof public.notes, table(id int), trigger…)',
  language: 'Language',
  definition: 'Body',
  behavior: 'Behavior',
  security_definer: 'Security definer',
  search_path: 'search_path (skip: not set)',
}

export const CreateFunctionArgs = z.object({
  name: z.string().trim().min(1, MSG.functionNameRequired).max(63, 'A function name can be at most 63 characters'),
  ...fields,
})

export const createFunction = defineCommand({
  id: 'database.function.create',
  title: 'Create function, field by field',
  area: AREA,
  keywords: ['new function', 'add function'],
  args: CreateFunctionArgs,
  argOptions: { language: languageOptions, behavior: behaviorOptions },
  argLabels: { name: 'Function name', ...fieldLabels },
  argWhen: { args: () => false },
  when: onFunctionOrTriggerPage,
  enabled: canWrite,
  run: lazyRun(load, 'createFunction'),
})

export const UpdateFunctionArgs = z.object({ functionId, name: CreateFunctionArgs.shape.name.optional(), ...fields })

export const updateFunction = defineCommand({
  id: 'database.function.update',
  title: 'Change function, field by field',
  area: AREA,
  keywords: ['edit function', 'rename function', 'replace function'],
  args: UpdateFunctionArgs,
  argOptions: { functionId: functionOptions, language: languageOptions, behavior: behaviorOptions },
  argLabels: { functionId: 'Function', name: 'New name (skip: keep)', ...fieldLabels },
  argWhen: { args: () => false },
  when: onFunctionOrTriggerPage,
  enabled: canWrite,
  run: lazyRun(load, 'updateFunction'),
})

export const DeleteFunctionArgs = z.object({ functionId, cascade: z.boolean().optional() })

export const deleteFunction = defineCommand({
  id: 'database.function.delete',
  title: 'Delete function',
  area: AREA,
  keywords: ['drop function', 'remove function'],
  args: DeleteFunctionArgs,
  argOptions: { functionId: functionOptions },
  argLabels: { functionId: 'Function', cascade: 'Also drop what depends on it (CASCADE)' },
  when: onFunctionsPage,
  enabled: canWrite,
  run: lazyRun(load, 'deleteFunction'),
})

export const runFunction = defineCommand({
  id: 'database.function.run',
  title: 'Run function in the SQL editor',
  area: AREA,
  keywords: ['call function', 'execute', 'select', 'try'],
  ...pickFunction,
  when: onFunctionsPage,
  run: lazyRun(load, 'runFunction'),
})
