import { Link } from '@tanstack/react-router'
import { paths } from '../../../shared/routes'
import { MSG } from '../../../shared/messages'
import { docsColumns, resourceOperations } from '../../model/api/columns'
import type { OpenApiDocument } from '../../model/api/openapi'
import type { DocsLanguage } from '../../model/api/preferences'
import type { DocSnippet } from '../../model/api/snippets'
import { Alert, Badge } from '../../ui'
import { DocsPage } from './DocsPage'
import { ServiceKeyWarning } from './DocsSwitches'
import { SnippetSection, TextSection } from './SnippetSection'

/** ?resource={name}: a table's or view's columns, then a snippet per operation. */
export function ResourcePage({ projectRef, doc, name, snippets, language }: {
  projectRef: string; doc: OpenApiDocument; name: string; snippets: DocSnippet[]; language: DocsLanguage
}) {
  const definition = doc.definitions?.[name]
  if (!definition || !doc.paths[`/${name}`]) {
    return (
      <DocsPage title={name} code>
        <Alert type="warning" title="Not found">{MSG.apiDocsNotFound(`Table or view ${name}`)}</Alert>
      </DocsPage>
    )
  }
  const columns = docsColumns(doc, name)
  const ops = resourceOperations(doc, name)
  return (
    <DocsPage title={name} code lead={definition.description ?? (ops.insert ? 'A table (or a view that can be written).' : 'Read-only: a view or a table this key cannot write.')}>
      <TextSection title={`Columns (${columns.length})`}>
        <table className="apidocs-table" aria-label="Columns">
          <thead>
            <tr><th>Name</th><th>Type</th><th>Required</th><th>Description</th></tr>
          </thead>
          <tbody>
            {columns.map((c) => (
              <tr key={c.name}>
                <td className="apidocs-table__name">
                  {c.name}
                  {(c.primaryKey || c.foreignKey) && (
                    <span className="apidocs-badges">
                      {c.primaryKey && <Badge tone="accent">PK</Badge>}
                      {c.foreignKey && <Badge tone="info">FK</Badge>}
                    </span>
                  )}
                </td>
                <td className="apidocs-table__type">{c.format}{c.maxLength ? ` (${c.maxLength})` : ''}</td>
                <td>{c.required ? 'Required' : 'Optional'}</td>
                <td className="apidocs-table__desc">
                  {c.comment}
                  {c.foreignKey && (
                    <>
                      {c.comment ? ' · ' : ''}References{' '}
                      <Link to={paths.apiDocs(projectRef, { resource: c.foreignKey.table })}><code>{c.foreignKey.table}.{c.foreignKey.column}</code></Link>
                    </>
                  )}
                  {c.enum && <>{c.comment || c.foreignKey ? ' · ' : ''}One of {c.enum.map((v) => `'${v}'`).join(', ')}</>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TextSection>
      <ServiceKeyWarning />
      {snippets.map((s) => <SnippetSection key={s.id} snippet={s} language={language} />)}
    </DocsPage>
  )
}
