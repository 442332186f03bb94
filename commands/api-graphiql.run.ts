/** The bodies of api-graphiql.ts's commands: run the query with the role's key, switch the role, prettify. */
import type { z } from 'zod'
import { CommandError } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { apiSettingsQuery } from '../src/web/model/settings/queries'
import {
  failGraphiqlRun, finishGraphiqlRun, graphiql, parseGraphiqlVariables, replaceGraphiqlQuery, setGraphiqlRole, startGraphiqlRun,
} from '../src/web/model/api/graphiql'
import { keyOfRole } from '../src/web/model/api/graphiql'
import { postGraphql } from '../src/web/data/graphql'
import { prettifyQuery } from '../src/web/model/api/graphiql-schema'
import type { GraphiqlRoleArgs } from './api-graphiql'

/** The project's URL and the key of the chosen role (refused when this user is not shown the service key). */
async function keyed(ctx: CommandContext) {
  const settings = await ctx.queryClient.fetchQuery(apiSettingsQuery(ctx.api, ctx.ref))
  const key = keyOfRole(settings, graphiql.role)
  if (!key) throw new CommandError(MSG.graphiqlServiceKeyHidden, 'disabled')
  return { settings, key }
}

export async function runGraphiql(ctx: CommandContext) {
  const query = graphiql.query
  if (!query.trim()) throw new CommandError(MSG.graphiqlNoQuery, 'invalid-args')
  const variables = parseGraphiqlVariables(graphiql.variables)
  if (!variables.ok) throw new CommandError(variables.message, 'invalid-args')
  startGraphiqlRun()
  const started = performance.now()
  try {
    const { settings, key } = await keyed(ctx)
    const { status, json } = await postGraphql(settings, key, { query, variables: variables.value })
    const failed = status >= 300 || !!(json as { errors?: unknown[] } | null)?.errors?.length
    finishGraphiqlRun({ status, text: JSON.stringify(json, null, 2), failed, durationMs: Math.round(performance.now() - started) })
    return { status, json }
  } catch (e) {
    failGraphiqlRun((e as Error).message)
    throw e
  }
}

export function switchGraphiqlRole(_ctx: CommandContext, args: z.infer<typeof GraphiqlRoleArgs>) {
  setGraphiqlRole(args.role)
}

export function prettifyGraphiql() {
  try {
    replaceGraphiqlQuery(prettifyQuery(graphiql.query))
  } catch (e) {
    throw new CommandError((e as Error).message, 'invalid-args')
  }
}
