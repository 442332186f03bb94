/**
 * The request GraphiQL sends: from the browser straight to the project's GraphQL endpoint
 * (`${api_url}/graphql/v1`), as any app would, with the chosen key as `apikey` and `Authorization: Bearer`.
 */
import type { ProjectApiSettings } from '../../shared/storage'

export const graphqlUrl = (settings: Pick<ProjectApiSettings, 'api_url'>) => `${settings.api_url.replace(/\/+$/, '')}/graphql/v1`

export interface GraphqlBody {
  query: string
  variables?: Record<string, unknown>
  operationName?: string
}

/** POSTs the body; resolves with the status and the parsed JSON (or the text when it is not JSON). */
export async function postGraphql(settings: ProjectApiSettings, key: string, body: GraphqlBody, signal?: AbortSignal): Promise<{ status: number; json: unknown }> {
  const res = await fetch(graphqlUrl(settings), {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal,
  })
  const text = await res.text()
  try {
    return { status: res.status, json: JSON.parse(text) as unknown }
  } catch {
    return { status: res.status, json: text }
  }
}
