import type { ReactNode } from 'react'
import { snippetCode } from '../../model/api/page-snippets'
import type { DocsLanguage } from '../../model/api/preferences'
import type { DocSnippet } from '../../model/api/snippets'
import { Badge } from '../../ui'
import { CodeBlock } from './CodeBlock'

/** One snippet: its title and explanation beside its code in the chosen language. */
export function SnippetSection({ snippet, language, children }: { snippet: DocSnippet; language: DocsLanguage; children?: ReactNode }) {
  const { code, lang } = snippetCode(snippet, language)
  return (
    <section className="apidocs-section" aria-labelledby={`snippet-${snippet.id}`} data-section={snippet.id}>
      <div>
        <h2 id={`snippet-${snippet.id}`} className="apidocs-section__title">
          {snippet.title}
          {snippet.unavailable && <span className="apidocs-badges"><Badge tone="warning">Not available</Badge></span>}
        </h2>
        <p className="apidocs-section__text">{snippet.description}</p>
        {snippet.unavailable && <p className="apidocs-section__text">{snippet.unavailable}</p>}
        {language === 'bash' && snippet.bash === null && !snippet.shell && (
          <p className="apidocs-section__text">There is no curl equivalent: shown in JavaScript.</p>
        )}
        {children}
      </div>
      <CodeBlock code={code} lang={lang} snippet={snippet.id} disabled={Boolean(snippet.unavailable)} />
    </section>
  )
}

/** A section of prose, a list or a table, across the page. */
export function TextSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="apidocs-section apidocs-section--wide">
      <div>
        <h2 className="apidocs-section__title">{title}</h2>
        {children}
      </div>
    </section>
  )
}
