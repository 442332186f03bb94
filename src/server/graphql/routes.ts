/**
 * The project's GraphQL API, as pg_graphql answers it behind Supabase's gateway:
 * `${studio}/api/projects/{ref}/graphql/v1`, POST `{ query, variables, operationName }` or GET with the same
 * as query parameters. A request runs as its caller (anon key, service key or a user's token) in one
 * transaction, so RLS applies; any error undoes it and answers `{ data: null, errors: [{ message }] }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { execute, getOperationAST, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql'
import type { Queryable } from '../db/driver'
import { refOf, type RestContext } from '../rest/context'
import { installRestErrorHandler } from '../rest/errors'
import { runAs } from '../rest/run'
import { graphqlSchemaOf, type ProjectGraphql } from './build-schema'
import { GraphqlError } from './errors'
import type { GqlModel } from './model'
import type { ExecContext } from './resolve'

interface GraphqlRequest {
  query?: unknown
  variables?: unknown
  operationName?: unknown
}

interface Answer {
  data: unknown
  errors?: { message: string }[]
}

const failed = (...messages: string[]): Answer => ({ data: null, errors: messages.map((message) => ({ message })) })

class Undo {
  constructor(readonly answer: Answer) {}
}

/** The request's query, variables and operation name, from the JSON body (POST) or the query string (GET). */
function requestOf(request: FastifyRequest): GraphqlRequest {
  if (request.method === 'POST') return (request.body && typeof request.body === 'object' ? request.body : {}) as GraphqlRequest
  const q = request.query as Record<string, string | undefined>
  let variables: unknown
  if (q.variables) {
    try {
      variables = JSON.parse(q.variables)
    } catch {
      variables = q.variables
    }
  }
  return { query: q.query, variables, operationName: q.operationName }
}

/** One statement at a time on the transaction: resolvers of sibling fields run concurrently. */
function execContext(tx: Queryable, model: GqlModel): ExecContext {
  let turn: Promise<unknown> = Promise.resolve()
  const run = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = turn.then(fn)
    turn = next.catch(() => undefined)
    return next
  }
  return {
    model,
    query: (sql, params) => run(async () => (await tx.query<{ r: unknown }>(sql, params)).rows),
    count: (sql, params) => run(async () => Number((await tx.query<{ n: number }>(sql, params)).rows[0]?.n ?? 0)),
  }
}

/** Execution errors as pg_graphql gives them: the first one (later ones follow from it: an aborted transaction). */
const executionErrors = (errors: readonly GraphQLError[]) => failed(errors[0]!.message)

async function answer(ctx: RestContext, request: FastifyRequest): Promise<Answer> {
  const ref = refOf(request)
  const who = await ctx.caller(request)
  const body = requestOf(request)
  if (typeof body.query !== 'string' || !body.query.trim()) return failed('Invalid request: a `query` string is required')
  if (body.variables != null && (typeof body.variables !== 'object' || Array.isArray(body.variables))) return failed('Invalid request: `variables` must be an object')
  const operationName = typeof body.operationName === 'string' && body.operationName ? body.operationName : undefined
  let document: DocumentNode
  try {
    document = parse(body.query)
  } catch (e) {
    return failed(e instanceof GraphQLError ? e.message : 'Unable to parse query')
  }
  const config = await ctx.config(ref)
  let project: ProjectGraphql
  // introspection (GraphiQL, codegen) reads the catalog afresh: a table made a moment ago is in the schema it sees
  const introspects = document.definitions.some(
    (d) => d.kind === 'OperationDefinition' && d.selectionSet.selections.some((f) => f.kind === 'Field' && (f.name.value === '__schema' || f.name.value === '__type')),
  )
  try {
    project = graphqlSchemaOf(await ctx.cache(ref, { reload: introspects }))
    if (!introspects && validate(project.schema, document).length) {
      // a name the cache does not know may have been created since it was read
      project = graphqlSchemaOf(await ctx.cache(ref, { reload: true }))
    }
  } catch (e) {
    if (e instanceof GraphqlError) return failed(e.message)
    throw e
  }
  const invalid = validate(project.schema, document)
  if (invalid.length) return failed(...invalid.map((e) => e.message))
  const operation = getOperationAST(document, operationName)
  if (!operation) return failed(operationName ? `Unknown operation named "${operationName}".` : 'Must provide operation name if query contains multiple operations.')
  if (request.method === 'GET' && operation.operation !== 'query') return failed('Only queries may be sent with GET; use POST for mutations')
  try {
    return await runAs(ctx.db, who, { searchPath: [config.schemas[0]!, ...config.extraSearchPath] }, async (tx) => {
      const result: ExecutionResult = await execute({
        schema: project.schema,
        document,
        operationName,
        variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
        contextValue: execContext(tx, project.model),
      })
      if (result.errors?.length) throw new Undo(executionErrors(result.errors))
      return { data: result.data ?? null }
    })
  } catch (e) {
    if (e instanceof Undo) return e.answer
    throw e
  }
}

export async function graphqlRoutes(app: FastifyInstance, ctx: RestContext): Promise<void> {
  await app.register(
    async (api) => {
      installRestErrorHandler(api)
      const handler = async (request: FastifyRequest) => answer(ctx, request)
      api.post('/', handler)
      api.get('/', handler)
    },
    { prefix: '/api/projects/:ref/graphql/v1' },
  )
}
