/**
 * /project/{ref}/api/graphiql: GraphiQL over the project's GraphQL endpoint (`${api_url}/graphql/v1`). The
 * browser sends the query itself with the chosen role's key (anon, or service_role, which bypasses RLS);
 * the editor completes and checks against the schema as that key's role sees it; the answer's JSON shows
 * beside it, and the documentation explorer lists the schema's types.
 */
import { useParams } from '@tanstack/react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { Play, Sparkles } from 'lucide-react'
import { MSG } from '../../../shared/messages'
import { press } from '../../commands-run'
import { useApi } from '../../commands-context'
import { GRAPHIQL_EDITOR_KEYS, GRAPHIQL_ROLES, graphiql, type GraphiqlRole } from '../../model/api/graphiql'
import { keyOfRole } from '../../model/api/graphiql'
import { introspect } from '../../model/api/graphiql-schema'
import { apiSettingsQuery } from '../../model/settings/queries'
import { Alert, Button, Kbd, Select, Spinner } from '../../ui'
import { GraphiqlQueryEditor, GraphiqlVariablesEditor } from './graphiql-editor'
import { GraphiqlExplorer } from './graphiql-explorer'
import './graphiql.css'

const keyOf = (id: string) => GRAPHIQL_EDITOR_KEYS.find(([k]) => k === id)?.[1]

function GraphiqlResult() {
  const { answer, error, running } = useSnapshot(graphiql)
  return (
    <section className="graphiql__result" aria-label="Result">
      <div className="graphiql__pane-head">
        <span>Result</span>
        {running ? (
          <Spinner label="Running" />
        ) : (
          answer && (
            <span role="status" className={answer.failed ? 'graphiql__status graphiql__status--failed' : 'graphiql__status'}>
              {answer.status} · {answer.durationMs} ms
            </span>
          )
        )}
      </div>
      {error ? (
        <p className="graphiql__error">{error}</p>
      ) : answer ? (
        <pre className="graphiql__json" tabIndex={0} aria-label="Response JSON">
          {answer.text}
        </pre>
      ) : (
        <p className="graphiql__empty">
          Run the query (<Kbd binding={keyOf('api.graphiql.run')} />) to see the response here.
        </p>
      )}
    </section>
  )
}

export function GraphiqlPage() {
  const { ref = '' } = useParams({ strict: false })
  const api = useApi()
  const { role, running, query } = useSnapshot(graphiql)
  const settings = useQuery(apiSettingsQuery(api, ref))
  const key = settings.data ? keyOfRole(settings.data, role) : null
  const schema = useQuery({
    queryKey: ['graphiql-schema', ref, role, key],
    queryFn: () => introspect(settings.data!, key!),
    enabled: !!settings.data && !!key,
    retry: false,
    // the explorer and completion keep the last schema while the new role's loads
    placeholderData: keepPreviousData,
  })
  const roles = GRAPHIQL_ROLES.map((r) => ({
    value: r,
    label: r,
    disabled: r === 'service_role' && settings.data !== undefined && settings.data.service_role_key === null,
  }))
  return (
    <div className="area-page graphiql">
      <header className="area-header graphiql__header">
        <div>
          <h1 className="area-header__title">GraphiQL</h1>
          <p className="area-header__lead">Query the project's GraphQL API ({settings.data ? `${settings.data.api_url}/graphql/v1` : 'loading…'}).</p>
        </div>
        <div className="graphiql__toolbar">
          <Select
            size="sm"
            aria-label="Role"
            value={role}
            options={roles}
            onValueChange={(value) => press('api.graphiql.role', { role: value as GraphiqlRole })}
          />
          <Button size="sm" icon={<Sparkles size={14} />} onClick={() => press('api.graphiql.prettify')} disabled={!query.trim()}>
            Prettify
          </Button>
          <Button size="sm" variant="primary" icon={<Play size={14} />} loading={running} onClick={() => press('api.graphiql.run')} disabled={!query.trim()}>
            Run <Kbd binding={keyOf('api.graphiql.run')} />
          </Button>
        </div>
      </header>
      {role === 'service_role' && <Alert type="warning">{MSG.graphiqlServiceRoleWarning}</Alert>}
      {settings.data && !key && <Alert type="caution">{MSG.graphiqlServiceKeyHidden}</Alert>}
      {schema.error && <Alert type="danger">{MSG.graphiqlSchemaFailed((schema.error as Error).message)}</Alert>}
      <div className="graphiql__body">
        <section className="graphiql__editors" aria-label="Query">
          <div className="graphiql__pane-head">
            <span>Query</span>
            {schema.isFetching && <Spinner label="Loading schema" />}
          </div>
          <GraphiqlQueryEditor schema={schema.data} />
          <div className="graphiql__pane-head">
            <span>Variables</span>
          </div>
          <GraphiqlVariablesEditor />
        </section>
        <GraphiqlResult />
        <aside className="graphiql__docs" aria-label="Documentation explorer">
          {schema.data ? <GraphiqlExplorer schema={schema.data} /> : <p className="graphiql__empty">{schema.isFetching ? 'Loading the schema…' : 'No schema'}</p>}
        </aside>
      </div>
    </div>
  )
}
