/**
 * What every API docs page reads: the project's API URL and keys, its status (INACTIVE skips the docs
 * query), the OpenAPI document fetched with the chosen key, and whether auth is enabled.
 */
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { useApi } from '../../commands-context'
import { authConfigQuery } from '../../model/auth/config-data'
import { isAuthEnabled } from '../../model/api/menu'
import { docsFunctions, docsResources, openApiQuery } from '../../model/api/openapi'
import { apiDocsPrefs } from '../../model/api/preferences'
import { projectQuery } from '../../model/project/project-queries'
import { apiSettingsQuery } from '../../model/settings/queries'

export function useApiDocs() {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  const api = useApi()
  const prefs = useSnapshot(apiDocsPrefs)
  const settings = useQuery(apiSettingsQuery(api, ref))
  const project = useQuery(projectQuery(api, ref))
  const inactive = project.data?.status === 'INACTIVE'
  const doc = useQuery(openApiQuery(ref, settings.data, prefs.key, project.isSuccess && !inactive))
  const authConfig = useQuery({ ...authConfigQuery(api, ref), retry: false })
  return {
    ref,
    prefs,
    settings,
    inactive,
    doc,
    resources: doc.data ? docsResources(doc.data) : undefined,
    functions: doc.data ? docsFunctions(doc.data) : undefined,
    authEnabled: isAuthEnabled(authConfig.data, !authConfig.isError),
  }
}
