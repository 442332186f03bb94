import { Link } from '@tanstack/react-router'
import { paths } from '../../../shared/routes'
import type { DocSnippet } from '../../model/api/snippets'
import type { DocsLanguage } from '../../model/api/preferences'
import { Alert } from '../../ui'
import { DocsPage } from './DocsPage'
import { ServiceKeyWarning } from './DocsSwitches'
import { SnippetSection, TextSection } from './SnippetSection'

interface GuideProps {
  projectRef: string
  apiUrl: string
  snippets: DocSnippet[]
  language: DocsLanguage
}

const LIBRARIES = [
  ['JavaScript', 'supabase-js', 'npm install @supabase/supabase-js'],
  ['Flutter', 'supabase_flutter', 'flutter pub add supabase_flutter'],
  ['Python', 'supabase-py', 'pip install supabase'],
  ['C#', 'supabase-csharp', 'dotnet add package supabase'],
  ['Kotlin', 'supabase-kt', 'io.github.jan-tennert.supabase'],
  ['Swift', 'supabase-swift', 'Swift Package Manager'],
] as const

export function IntroGuide({ projectRef, apiUrl, snippets, language }: GuideProps) {
  return (
    <DocsPage title="Introduction" lead="This project's API: a REST API over its tables, views and functions (PostgREST), auth, storage and GraphQL, all at one URL.">
      <TextSection title="Project URL">
        <p className="apidocs-section__text">Every API of the project lives under <code>{apiUrl}</code>: REST at <code>/rest/v1</code>, auth at <code>/auth/v1</code>, storage at <code>/storage/v1</code> and GraphQL at <code>/graphql/v1</code>.</p>
        <p className="apidocs-section__text">The REST API changes with the schema: a table or function you create shows up here at once. Its <Link to={paths.apiDocs(projectRef, { page: 'tables-intro' })}>tables and views</Link> and <Link to={paths.apiDocs(projectRef, { page: 'rpc-intro' })}>stored procedures</Link> each have a page.</p>
      </TextSection>
      <TextSection title="Client libraries">
        <table className="apidocs-table">
          <thead>
            <tr><th>Language</th><th>Library</th><th>Install</th></tr>
          </thead>
          <tbody>
            {LIBRARIES.map(([lang, lib, install]) => (
              <tr key={lib}>
                <td>{lang}</td>
                <td className="apidocs-table__name">{lib}</td>
                <td className="apidocs-table__type">{install}</td>
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

export function AuthGuide({ projectRef, snippets, language }: GuideProps) {
  return (
    <DocsPage title="Authentication" lead="Every request carries a key; a signed-in user's requests carry their access token too.">
      <TextSection title="The keys">
        <p className="apidocs-section__text"><code>anon</code> is public: ship it in browsers and apps. Requests with it act as the <code>anon</code> role, and once a user signs in, as <code>authenticated</code>. Row Level Security policies decide what either may read and change, so turn RLS on for every table in an exposed schema.</p>
        <p className="apidocs-section__text"><code>service_role</code> is secret: it bypasses Row Level Security. Use it only on servers you control, never in a browser. The switch above shows it in the snippets, masked until you reveal it.</p>
        <p className="apidocs-section__text">Both are on the <Link to={paths.apiSettings(projectRef)}>API settings</Link> page.</p>
      </TextSection>
      <ServiceKeyWarning />
      {snippets.map((s) => <SnippetSection key={s.id} snippet={s} language={language} />)}
    </DocsPage>
  )
}

export function UsersGuide({ snippets, language, authEnabled }: GuideProps & { authEnabled: boolean }) {
  return (
    <DocsPage title="User management" lead="Sign users up and in, and manage their session, with supabase-js or the auth API.">
      {!authEnabled && <Alert type="note" title="Email sign-in is off">Turn the email provider on in Authentication → Providers for these calls to work.</Alert>}
      <TextSection title="Sessions">
        <p className="apidocs-section__text">supabase-js keeps the session it gets from a sign-in and sends its access token with every later call. With curl, take <code>access_token</code> from the sign-in's answer and set it as <code>ACCESS_TOKEN</code> in your shell.</p>
      </TextSection>
      <ServiceKeyWarning />
      {snippets.map((s) => <SnippetSection key={s.id} snippet={s} language={language} />)}
    </DocsPage>
  )
}
