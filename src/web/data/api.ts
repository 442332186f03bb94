/**
 * The dashboard API client: one typed function per call of spec section 7. Plain fetch, so commands
 * use it in the browser and headless in tests alike (pass the server's base URL there).
 */
import type {
  ApiErrorBody, CountBody, CountResponse, EntitiesResponse, Extension, GridTable, Project, Role, Row,
  RowsBody, RowsResponse, Schema, StudioInfo, Table, TableDefinition, ViewLike,
} from '../../shared/api'
import type { Grant } from '../../shared/permissions'
import type { TableListSort } from '../../shared/constants'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly pgCode?: string,
    readonly position?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Query = Record<string, string | number | boolean | string[] | undefined>

function toSearch(query?: Query): string {
  if (!query) return ''
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue
    sp.set(k, Array.isArray(v) ? v.join(',') : String(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ''
}

export function createApi(baseUrl = '') {
  async function request<T>(method: string, path: string, opts: { query?: Query; body?: unknown } = {}): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${baseUrl}${path}${toSearch(opts.query)}`, {
        method,
        headers: opts.body === undefined ? undefined : { 'content-type': 'application/json' },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      })
    } catch (e) {
      throw new ApiError(`Network error: ${(e as Error).message}`, 0)
    }
    const text = await res.text()
    const data = text ? (JSON.parse(text) as unknown) : undefined
    if (!res.ok) {
      const err = (data ?? {}) as Partial<ApiErrorBody>
      throw new ApiError(err.message ?? res.statusText, err.code ?? res.status, err.pgCode, err.position)
    }
    return data as T
  }

  const pgMeta = (ref: string) => `/platform/pg-meta/${encodeURIComponent(ref)}`

  return {
    request,
    studio: () => request<StudioInfo>('GET', '/platform/studio'),
    projects: () => request<Project[]>('GET', '/platform/projects'),
    project: (ref: string) => request<Project>('GET', `/platform/projects/${encodeURIComponent(ref)}`),
    permissions: () => request<Grant[]>('GET', '/platform/profile/permissions'),

    schemas: (ref: string) => request<Schema[]>('GET', `${pgMeta(ref)}/schemas`),
    tables: (ref: string, q: { include_columns?: boolean; included_schemas?: string[]; excluded_schemas?: string[] } = {}) =>
      request<Table[]>('GET', `${pgMeta(ref)}/tables`, { query: q }),
    table: (ref: string, id: number) =>
      request<Table>('GET', `${pgMeta(ref)}/tables`, { query: { id, include_columns: true } }),
    views: (ref: string, q: { id?: number; included_schemas?: string[] } = {}) =>
      request<ViewLike[]>('GET', `${pgMeta(ref)}/views`, { query: q }),
    materializedViews: (ref: string, q: { id?: number; included_schemas?: string[] } = {}) =>
      request<ViewLike[]>('GET', `${pgMeta(ref)}/materialized-views`, { query: q }),
    foreignTables: (ref: string, q: { id?: number; included_schemas?: string[] } = {}) =>
      request<ViewLike[]>('GET', `${pgMeta(ref)}/foreign-tables`, { query: q }),
    extensions: (ref: string) => request<Extension[]>('GET', `${pgMeta(ref)}/extensions`),
    roles: (ref: string) => request<Role[]>('GET', `${pgMeta(ref)}/roles`),

    entities: (ref: string, q: { schema: string; search?: string; sort?: TableListSort; limit?: number; offset?: number }) =>
      request<EntitiesResponse>('GET', `${pgMeta(ref)}/entities`, { query: q }),
    gridTable: (ref: string, id: number) => request<GridTable>('GET', `${pgMeta(ref)}/grid-table`, { query: { id } }),
    tableDefinition: (ref: string, id: number) =>
      request<TableDefinition>('GET', `${pgMeta(ref)}/table-definition`, { query: { id } }),
    rows: (ref: string, body: RowsBody) => request<RowsResponse>('POST', `${pgMeta(ref)}/table-rows`, { body }),
    count: (ref: string, body: CountBody) =>
      request<CountResponse>('POST', `${pgMeta(ref)}/table-rows/count`, { body }),

    query: <R = Row>(ref: string, query: string) => request<R[]>('POST', `${pgMeta(ref)}/query`, { body: { query } }),
    format: (ref: string, query: string) =>
      request<{ formatted: string }>('POST', `${pgMeta(ref)}/query/format`, { body: { query } }),
  }
}

export type Api = ReturnType<typeof createApi>
