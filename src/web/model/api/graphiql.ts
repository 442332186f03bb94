/**
 * GraphiQL's state (/project/{ref}/api/graphiql): the query and variables typed, the key the request is sent
 * with (anon, or service_role, which bypasses RLS), the request running and the last answer. Held here so the
 * commands (run, role, prettify) work headless; the page's editors read and write it.
 */
import { proxy } from 'valtio'
import type { ProjectApiSettings } from '../../../shared/storage'

export const GRAPHIQL_ROLES = ['anon', 'service_role'] as const
export type GraphiqlRole = (typeof GRAPHIQL_ROLES)[number]

/** What the editor holds the first time: a query that asks the schema for its collections. */
export const GRAPHIQL_DEFAULT_QUERY = `# Write a GraphQL query, then run it with ⌘/Ctrl+Enter.
# Collections are named <table>Collection; press Ctrl+Space for suggestions.
query Types {
  __schema {
    queryType {
      fields {
        name
      }
    }
  }
}
`

export interface GraphiqlAnswer {
  /** the HTTP status of the answer */
  status: number
  /** the answer's JSON, indented */
  text: string
  /** the answer carried GraphQL errors (or was no 2xx) */
  failed: boolean
  durationMs: number
}

export const graphiql = proxy({
  query: GRAPHIQL_DEFAULT_QUERY,
  variables: '',
  role: 'anon' as GraphiqlRole,
  running: false,
  answer: null as GraphiqlAnswer | null,
  /** a request that never got an answer (network) */
  error: null as string | null,
  /** bumped when a command replaces the query (prettify): the editor takes it in */
  revision: 0,
  /** bumped when the role changes: the page reloads the schema as that role sees it */
  roleRevision: 0,
})

export const setGraphiqlQuery = (text: string) => void (graphiql.query = text)
export const setGraphiqlVariables = (text: string) => void (graphiql.variables = text)

export function replaceGraphiqlQuery(text: string): void {
  graphiql.query = text
  graphiql.revision++
}

export function setGraphiqlRole(role: GraphiqlRole): void {
  if (graphiql.role === role) return
  graphiql.role = role
  graphiql.roleRevision++
}

export function startGraphiqlRun(): void {
  graphiql.running = true
  graphiql.error = null
}

export function finishGraphiqlRun(answer: GraphiqlAnswer): void {
  graphiql.running = false
  graphiql.answer = answer
}

export function failGraphiqlRun(message: string): void {
  graphiql.running = false
  graphiql.answer = null
  graphiql.error = message
}

/** The variables as an object: empty text is none; anything but a JSON object is refused with why. */
export function parseGraphiqlVariables(text: string): { ok: true; value: Record<string, unknown> | undefined } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: undefined }
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> }
  } catch (e) {
    return { ok: false, message: `Variables are not valid JSON: ${(e as Error).message}` }
  }
  return { ok: false, message: 'Variables must be a JSON object' }
}

/** The keys GraphiQL's editors take (GraphiQL's own): ⌘/Ctrl+Enter runs, ⌘/Ctrl+Shift+P prettifies. */
export const GRAPHIQL_EDITOR_KEYS: readonly (readonly ['api.graphiql.run' | 'api.graphiql.prettify', string])[] = [
  ['api.graphiql.run', '$mod+Enter'],
  ['api.graphiql.prettify', '$mod+Shift+p'],
]

/** The key of the role, or null when this user is not shown it (service_role without SQL admin rights). */
export const keyOfRole = (settings: ProjectApiSettings, role: GraphiqlRole) => (role === 'service_role' ? settings.service_role_key : settings.anon_key)
