import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { MSG } from '../../../shared/messages'
import { useApi } from '../../commands-context'
import { docsBucket } from '../../model/api/docs-data'
import { pageSnippets, snippetTarget } from '../../model/api/page-snippets'
import { apiDocsView } from '../../model/api/search'
import { bucketsQuery } from '../../model/storage/buckets/queries'
import { Alert, Spinner } from '../../ui'
import { DocLoading, DocsPage } from './DocsPage'
import { FunctionPage } from './FunctionPage'
import { AuthGuide, IntroGuide, UsersGuide } from './GuidePages'
import { RpcIntro, TablesIntro } from './IndexPages'
import { ResourcePage } from './ResourcePage'
import { StoragePage } from './StoragePage'
import { useApiDocs } from './useApiDocs'

/** /project/{ref}/api: the guide, table, view, function or storage docs the search names. */
export function ApiDocsPage() {
  const view = apiDocsView(useSearch({ from: '/project/$ref/api/' }))
  const docs = useApiDocs()
  const buckets = useQuery({ ...bucketsQuery(useApi(), docs.ref), enabled: view.kind === 'storage' })
  const { settings, prefs, doc, ref } = docs

  if (docs.inactive) {
    return <DocsPage title="API Docs"><Alert type="warning" title="Project paused">{MSG.apiDocsInactive}</Alert></DocsPage>
  }
  if (settings.isPending) return <div className="apidocs-center"><Spinner label="Loading the API settings" /></div>
  if (settings.isError) {
    return <DocsPage title="API Docs"><Alert type="destructive" title="Failed to load the API settings">{settings.error.message}</Alert></DocsPage>
  }
  const target = snippetTarget(settings.data, prefs.key, prefs.revealed)
  if (!target) return <DocsPage title="API Docs"><Alert type="warning">{MSG.viewSecretKeysPermission}</Alert></DocsPage>

  const language = prefs.language
  const props = { projectRef: ref, apiUrl: settings.data.api_url, language }
  if (view.kind === 'guide' && (view.page === 'intro' || view.page === 'auth' || view.page === 'users')) {
    const snippets = pageSnippets(view, { target, doc: undefined })
    if (view.page === 'intro') return <IntroGuide {...props} snippets={snippets} />
    if (view.page === 'auth') return <AuthGuide {...props} snippets={snippets} />
    return <UsersGuide {...props} snippets={snippets} authEnabled={docs.authEnabled} />
  }
  if (view.kind === 'storage') {
    if (buckets.isPending) return <div className="apidocs-center"><Spinner label="Loading buckets" /></div>
    if (buckets.isError) return <DocsPage title="Storage"><Alert type="destructive" title="Failed to load the buckets">{buckets.error.message}</Alert></DocsPage>
    const bucket = docsBucket(buckets.data, view.bucket)
    const snippets = pageSnippets(view, { target, doc: undefined, bucket: bucket && { name: bucket.id, public: bucket.public } })
    return <StoragePage projectRef={ref} buckets={buckets.data} bucket={bucket} snippets={snippets} language={language} />
  }
  if (!doc.data) {
    const title = view.kind === 'guide' ? (view.page === 'rpc-intro' ? 'Stored Procedures' : 'Tables and Views') : view.name
    return <DocsPage title={title} code={view.kind !== 'guide'}><DocLoading error={doc.error} /></DocsPage>
  }
  if (view.kind === 'resource') {
    return <ResourcePage projectRef={ref} doc={doc.data} name={view.name} snippets={pageSnippets(view, { target, doc: doc.data })} language={language} />
  }
  if (view.kind === 'rpc') {
    return <FunctionPage doc={doc.data} name={view.name} snippets={pageSnippets(view, { target, doc: doc.data })} language={language} />
  }
  if (view.page === 'rpc-intro') return <RpcIntro projectRef={ref} functions={docs.functions ?? []} />
  return <TablesIntro projectRef={ref} resources={docs.resources ?? []} />
}
