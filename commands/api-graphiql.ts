/**
 * GraphiQL (/project/{ref}/api/graphiql): run the query against the project's GraphQL endpoint (⌘Enter,
 * also inside the editor), switch the key it is sent with (anon, or service_role, which bypasses RLS), and
 * prettify the query. Bodies in api-graphiql.run.ts, loaded on first use (they load graphql-js).
 */
import { z } from 'zod'
import { currentFirst, defineCommand, lazyRun } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { GRAPHIQL_ROLES, graphiql } from '../src/web/model/api/graphiql'

const load = () => import('./api-graphiql.run')

const AREA = 'api'
const onGraphiql = (ctx: CommandContext) => ctx.route.id === 'api.graphiql'
const hasQuery = () => (graphiql.query.trim() ? true : MSG.graphiqlNoQuery)

export const runGraphiql = defineCommand({
  id: 'api.graphiql.run',
  title: 'Run GraphQL query',
  area: AREA,
  keywords: ['graphiql', 'graphql', 'execute', 'query', 'mutation'],
  when: onGraphiql,
  enabled: () => (graphiql.running ? MSG.graphiqlRunning : hasQuery()),
  run: lazyRun(load, 'runGraphiql'),
})

export const GraphiqlRoleArgs = z.object({ role: z.enum(GRAPHIQL_ROLES, { error: `Role is one of ${GRAPHIQL_ROLES.join(', ')}` }) })

export const switchGraphiqlRole = defineCommand({
  id: 'api.graphiql.role',
  title: 'Switch GraphiQL role',
  area: AREA,
  keywords: ['graphiql', 'graphql', 'key', 'anon', 'service_role', 'rls', 'impersonate'],
  args: GraphiqlRoleArgs,
  argOptions: {
    role: () =>
      currentFirst(
        [
          { value: 'anon' as const, hint: 'the anon key: RLS applies' },
          { value: 'service_role' as const, hint: 'the service_role key: bypasses RLS' },
        ],
        graphiql.role,
      ),
  },
  argLabels: { role: 'Send the query with the key of' },
  when: onGraphiql,
  run: lazyRun(load, 'switchGraphiqlRole'),
})

export const prettifyGraphiql = defineCommand({
  id: 'api.graphiql.prettify',
  title: 'Prettify GraphQL query',
  area: AREA,
  keywords: ['graphiql', 'graphql', 'format', 'beautify', 'indent'],
  when: onGraphiql,
  enabled: hasQuery,
  run: lazyRun(load, 'prettifyGraphiql'),
})
