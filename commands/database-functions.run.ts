/** The bodies of database-functions.ts's commands: changes through pg-meta, the page's search and panel. */
import type { z } from 'zod'
import { CommandError, run } from './registry'
import {
  allFunctions, pageSchema, type CreateFunctionArgs, type DeleteFunctionArgs, type OpenCreateFunctionArgs, type pickFunction,
  type SearchFunctionsArgs, type ShowSchemaArgs, type UpdateFunctionArgs,
} from './database-functions'
import type { CommandContext } from '../src/web/model/app/context'
import { pgMetaFunctions, type FunctionArgInput, type FunctionUpdateBody, type PgFunction } from '../src/shared/contract/pg-meta-functions'
import { callSql, refreshFunctions } from '../src/web/model/database/functions/functions-data'
import { parseArguments, triggerFunctionPrefill } from '../src/web/model/database/functions/function-form'
import { closeFunctionPanel, functionsState, openFunctionPanel } from '../src/web/model/database/functions/functions-state'

/** The function, fresh, refusing an unknown id. */
async function functionById(ctx: CommandContext, id: number): Promise<PgFunction> {
  const fn = (await allFunctions(ctx, true)).find((f) => f.id === id)
  if (!fn) throw new CommandError(`There is no function with id ${id}: it may have been dropped meanwhile`, 'invalid-args')
  return fn
}

const label = (fn: Pick<PgFunction, 'schema' | 'name'>) => `${fn.schema}.${fn.name}`

export const refreshFunctionsList = async (ctx: CommandContext) => {
  await refreshFunctions(ctx.queryClient, ctx.ref)
}

export const searchFunctions = async (ctx: CommandContext, { search }: z.infer<typeof SearchFunctionsArgs>) => {
  const text = search.trim()
  await ctx.navigate({ search: (prev) => ({ ...prev, search: text || undefined }), replace: true })
}

export const showFunctionsSchema = async (ctx: CommandContext, { schema }: z.infer<typeof ShowSchemaArgs>) => {
  await ctx.navigate({ search: (prev) => ({ ...prev, schema }), replace: true })
}

export const openCreateFunctionPanel = (ctx: CommandContext, { trigger }: z.infer<typeof OpenCreateFunctionArgs>) => {
  const schema = pageSchema(ctx)
  openFunctionPanel({ kind: 'create', prefill: trigger ? triggerFunctionPrefill(schema) : { schema } })
}

export const openEditFunctionPanel = async (ctx: CommandContext, { functionId }: z.infer<typeof pickFunction.args>) => {
  await functionById(ctx, functionId)
  openFunctionPanel({ kind: 'edit', functionId })
}

/** Asks the open panel to submit its form (the panel answers the request: see FunctionPanel.tsx). */
export const saveFunctionPanel = () => {
  if (!functionsState.panel) throw new CommandError('No function form is open', 'unavailable')
  functionsState.saveRequests++
}

type Fields = Omit<z.infer<typeof UpdateFunctionArgs>, 'functionId' | 'name'>

/** The call's fields from the command's: `arguments` text parsed, search_path into config_params. */
function fieldsBody({ arguments: text, args, search_path, ...rest }: Fields): FunctionUpdateBody {
  let parsed: FunctionArgInput[] | undefined = args
  if (text !== undefined) {
    try {
      parsed = parseArguments(text)
    } catch (e) {
      throw new CommandError((e as Error).message, 'invalid-args')
    }
  }
  const body: FunctionUpdateBody = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
  if (parsed) body.args = parsed
  if (search_path !== undefined) body.config_params = search_path.trim() ? { search_path: search_path.trim() } : null
  return body
}

export const createFunction = async (ctx: CommandContext, { name, schema, ...fields }: z.infer<typeof CreateFunctionArgs>) => {
  const body = fieldsBody(fields)
  const fn = await ctx.api.call(pgMetaFunctions.createFunction, {
    params: { ref: ctx.ref },
    body: { ...body, name, schema: schema ?? pageSchema(ctx), definition: body.definition ?? '' },
  })
  await refreshFunctions(ctx.queryClient, ctx.ref)
  functionsState.lastCreated = { schema: fn.schema, name: fn.name }
  ctx.toast.success(`Created function ${label(fn)}`)
  return fn
}

export const updateFunction = async (ctx: CommandContext, { functionId, name, ...fields }: z.infer<typeof UpdateFunctionArgs>) => {
  await functionById(ctx, functionId)
  const body = fieldsBody(fields)
  if (name !== undefined) body.name = name
  const fn = await ctx.api.call(pgMetaFunctions.updateFunction, { params: { ref: ctx.ref }, query: { id: functionId }, body })
  await refreshFunctions(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Saved function ${label(fn)}`)
  return fn
}

export const deleteFunction = async (ctx: CommandContext, { functionId, cascade }: z.infer<typeof DeleteFunctionArgs>) => {
  const fn = await functionById(ctx, functionId)
  const sure = await ctx.confirm({
    title: `Delete function ${label(fn)}`,
    description: cascade
      ? `${label(fn)}(${fn.identity_argument_types}) is dropped, with every object that depends on it (triggers that execute it, …).`
      : `${label(fn)}(${fn.identity_argument_types}) is dropped. A function that triggers or other objects still use cannot be dropped.`,
    confirmLabel: 'Delete function',
    destructive: true,
  })
  if (!sure) return false
  await ctx.api.call(pgMetaFunctions.deleteFunction, { params: { ref: ctx.ref }, query: { id: functionId, ...(cascade ? { cascade: true } : {}) } })
  if (functionsState.panel?.kind === 'edit' && functionsState.panel.functionId === functionId) closeFunctionPanel()
  await refreshFunctions(ctx.queryClient, ctx.ref)
  ctx.toast.success(`Deleted function ${label(fn)}`)
  return true
}

/** A new query in the SQL editor that calls the function. */
export const runFunction = async (ctx: CommandContext, { functionId }: z.infer<typeof pickFunction.args>): Promise<unknown> => {
  const fn = await functionById(ctx, functionId)
  return run('sql.snippet.new', { sql: callSql(fn), name: `Call ${fn.name}` })
}
