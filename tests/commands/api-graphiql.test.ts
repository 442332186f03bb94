/**
 * GraphiQL's commands, headless against a real studio (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set): run sends the query (with its variables) to the project's /graphql/v1 with the chosen role's key,
 * so RLS decides what anon sees and service_role sees everything; the role switch picks the key; prettify
 * lays the query out and refuses one that does not parse; the commands are offered on GraphiQL only.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import '../../commands/api-graphiql'
import { DEFAULT_PROJECT_REF } from '../../src/shared/constants'
import { paths } from '../../src/shared/routes'
import { graphiql, replaceGraphiqlQuery, setGraphiqlRole, setGraphiqlVariables } from '../../src/web/model/api/graphiql'
import { headlessContext, targets, type HeadlessContext } from '../support/context'
import { run, runUnchecked } from '../support/run'

const ref = DEFAULT_PROJECT_REF

describe.each(targets())('GraphiQL commands on $name', (target) => {
  const table = `gqi_notes_${Math.random().toString(36).slice(2, 8)}`
  let ctx: HeadlessContext
  const answerJson = () => JSON.parse(graphiql.answer!.text) as { data: Record<string, { edges: { node: { id: number } }[] }> | null; errors?: { message: string }[] }

  beforeAll(async () => {
    ctx = headlessContext(target, paths.graphiql(ref))
    await ctx.api.query(ref, `
      create table public.${table} (id int primary key, body text, shared boolean not null);
      insert into public.${table} values (1, 'one', true), (2, 'two', false), (3, 'three', true);
      alter table public.${table} enable row level security;
      create policy shared_only on public.${table} for select to anon using (shared);
      grant select on public.${table} to anon, service_role;
    `)
  })
  afterAll(async () => {
    await ctx.api.query(ref, `drop table if exists public.${table}`)
  })
  beforeEach(() => {
    setGraphiqlRole('anon')
    setGraphiqlVariables('')
  })

  const query = `query Notes($first: Int) { ${table}Collection(first: $first, orderBy: [{id: AscNullsLast}]) { edges { node { id } } } }`
  const ids = () => answerJson().data![`${table}Collection`]!.edges.map((e) => e.node.id)

  it('runs the query with the anon key: RLS applies', async () => {
    replaceGraphiqlQuery(query)
    await run('api.graphiql.run')
    expect(graphiql.answer).toMatchObject({ status: 200, failed: false })
    expect(ids()).toEqual([1, 3])
    expect(graphiql.running).toBe(false)
  })

  it('switches to service_role, whose key bypasses RLS, and sends the variables', async () => {
    replaceGraphiqlQuery(query)
    await run('api.graphiql.role', { role: 'service_role' })
    expect(graphiql.role).toBe('service_role')
    setGraphiqlVariables('{ "first": 2 }')
    await run('api.graphiql.run')
    expect(ids()).toEqual([1, 2])
    await run('api.graphiql.role', { role: 'anon' })
    await run('api.graphiql.run')
    expect(ids()).toEqual([1, 3])
  })

  it('shows GraphQL errors as the answer, and refuses variables that are no JSON object', async () => {
    replaceGraphiqlQuery('{ notAField }')
    await run('api.graphiql.run')
    expect(graphiql.answer?.failed).toBe(true)
    expect(answerJson()).toEqual({ data: null, errors: [{ message: expect.stringContaining('notAField') }] })
    replaceGraphiqlQuery(query)
    setGraphiqlVariables('[1]')
    await expect(run('api.graphiql.run')).rejects.toMatchObject({ kind: 'invalid-args', message: 'Variables must be a JSON object' })
    setGraphiqlVariables('{ nope')
    await expect(run('api.graphiql.run')).rejects.toMatchObject({ kind: 'invalid-args' })
  })

  it('prettifies the query, and refuses one that does not parse', async () => {
    replaceGraphiqlQuery(`{ ${table}Collection { edges { node { id } } } }`)
    const revision = graphiql.revision
    await run('api.graphiql.prettify')
    expect(graphiql.query).toBe(`{\n  ${table}Collection {\n    edges {\n      node {\n        id\n      }\n    }\n  }\n}`)
    expect(graphiql.revision).toBe(revision + 1)
    replaceGraphiqlQuery('{ broken')
    await expect(run('api.graphiql.prettify')).rejects.toMatchObject({ kind: 'invalid-args', message: expect.stringContaining('Syntax Error') })
    replaceGraphiqlQuery('   ')
    await expect(run('api.graphiql.run')).rejects.toMatchObject({ kind: 'disabled' })
  })

  it('is offered on GraphiQL only, and the role is anon or service_role', async () => {
    await expect(runUnchecked('api.graphiql.role', { role: 'postgres' })).rejects.toMatchObject({ kind: 'invalid-args' })
    await ctx.navigate({ to: paths.apiDocs(ref) })
    replaceGraphiqlQuery(query)
    await expect(run('api.graphiql.run')).rejects.toMatchObject({ kind: 'unavailable' })
    await ctx.navigate({ to: paths.graphiql(ref) })
  })
})
