import { Link } from '@tanstack/react-router'
import { paths } from '../../../shared/routes'
import type { DocsFunction, DocsResource } from '../../model/api/openapi'
import { EmptyState } from '../../ui'
import { DocsPage } from './DocsPage'
import { TextSection } from './SnippetSection'

export function TablesIntro({ projectRef, resources }: { projectRef: string; resources: DocsResource[] }) {
  return (
    <DocsPage title="Tables and Views" lead="Each table and view of the exposed schema is a REST resource: read it with GET, write it with POST, PATCH and DELETE.">
      <TextSection title="How it works">
        <p className="apidocs-section__text">The API is generated from the schema: columns, types, keys and comments come from the database itself, so a comment on a table or column shows up on its page. Foreign keys let one request read related rows too.</p>
        <p className="apidocs-section__text">Which rows a key may read or change is for Row Level Security: with RLS on and no policy, the <code>anon</code> key sees nothing.</p>
      </TextSection>
      <TextSection title={`Tables and views (${resources.length})`}>
        {resources.length === 0 ? (
          <EmptyState title="No tables or views" description="Create a table in the Table Editor and it appears here." />
        ) : (
          <table className="apidocs-table">
            <thead><tr><th>Name</th><th>Description</th></tr></thead>
            <tbody>
              {resources.map((r) => (
                <tr key={r.name}>
                  <td className="apidocs-table__name"><Link to={paths.apiDocs(projectRef, { resource: r.name })}>{r.name}</Link></td>
                  <td className="apidocs-table__desc">{r.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TextSection>
    </DocsPage>
  )
}

export function RpcIntro({ projectRef, functions }: { projectRef: string; functions: DocsFunction[] }) {
  return (
    <DocsPage title="Stored Procedures" lead="Postgres functions of the exposed schema are callable at /rest/v1/rpc/{name}: POST with the arguments as JSON, or GET for functions that change nothing.">
      <TextSection title="How it works">
        <p className="apidocs-section__text">Arguments go by name. A function that returns rows of a table can be filtered, ordered and paged like the table itself. Functions run as the caller's role, so their privileges and the tables' policies apply (unless the function is <code>security definer</code>).</p>
      </TextSection>
      <TextSection title={`Functions (${functions.length})`}>
        {functions.length === 0 ? (
          <EmptyState title="No functions" description="Create a function in the SQL editor and it appears here." />
        ) : (
          <table className="apidocs-table">
            <thead><tr><th>Name</th><th>Description</th></tr></thead>
            <tbody>
              {functions.map((f) => (
                <tr key={f.name}>
                  <td className="apidocs-table__name"><Link to={paths.apiDocs(projectRef, { rpc: f.name })}>{f.name}</Link></td>
                  <td className="apidocs-table__desc">{f.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </TextSection>
    </DocsPage>
  )
}
