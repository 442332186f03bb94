import { MSG } from '../../../shared/messages'
import { functionArgs } from '../../model/api/columns'
import type { OpenApiDocument } from '../../model/api/openapi'
import type { DocsLanguage } from '../../model/api/preferences'
import type { DocSnippet } from '../../model/api/snippets'
import { Alert } from '../../ui'
import { DocsPage } from './DocsPage'
import { ServiceKeyWarning } from './DocsSwitches'
import { SnippetSection, TextSection } from './SnippetSection'

/** ?rpc={name}: a function's arguments and the call. */
export function FunctionPage({ doc, name, snippets, language }: { doc: OpenApiDocument; name: string; snippets: DocSnippet[]; language: DocsLanguage }) {
  const info = functionArgs(doc, name)
  if (!info) {
    return (
      <DocsPage title={name} code>
        <Alert type="warning" title="Not found">{MSG.apiDocsNotFound(`Function ${name}`)}</Alert>
      </DocsPage>
    )
  }
  const how = info.get ? 'Callable with POST, or GET with the arguments in the query string (it changes nothing).' : 'Callable with POST (it may change data).'
  return (
    <DocsPage title={name} code lead={info.description ?? how}>
      <TextSection title={`Arguments (${info.args.length})`}>
        {info.args.length === 0 ? (
          <p className="apidocs-section__text">It takes no arguments. {how}</p>
        ) : (
          <>
            <table className="apidocs-table" aria-label="Arguments">
              <thead>
                <tr><th>Name</th><th>Type</th><th>Required</th></tr>
              </thead>
              <tbody>
                {info.args.map((a) => (
                  <tr key={a.name}>
                    <td className="apidocs-table__name">{a.name}</td>
                    <td className="apidocs-table__type">{a.format}</td>
                    <td>{a.required ? 'Required' : 'Optional (has a default)'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {info.description && <p className="apidocs-section__text">{how}</p>}
          </>
        )}
      </TextSection>
      <ServiceKeyWarning />
      {snippets.map((s) => <SnippetSection key={s.id} snippet={s} language={language} />)}
    </DocsPage>
  )
}
