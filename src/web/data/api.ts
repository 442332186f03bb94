/**
 * The dashboard API client: one typed function per call of spec section 7. Plain fetch, so commands
 * use it in the browser and headless in tests alike (pass the server's base URL there).
 */
import type {
  ApiErrorBody, Column, CountBody, CountResponse, EntitiesResponse, Extension, GridTable, Project, Role, Row,
  RowsBody, RowsResponse, Schema, StudioInfo, Table, TableDefinition, ViewLike,
} from '../../shared/api'
import type { Grant } from '../../shared/permissions'
import type {
  CancelQueryBody, Content, ContentCreateBody, ContentListResponse, ContentType, ContentUpdateBody, RunQueryBody,
  RunQueryResponse, TitleResponse,
} from '../../shared/content'
import type {
  ColumnCreateBody, ColumnUpdateBody, DeleteRowsBody, DeleteRowsResponse, ImportEvent, InsertRowsBody,
  InsertRowsResponse, TableCreateBody, TableDuplicateBody, TableUpdateBody, TruncateBody, UpdateRowBody,
  UpdateRowResponse,
} from '../../shared/api-edit'
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

/** `headers` are sent with every call (tests use them to act as another user of a studio set up for it). */
export function createApi(baseUrl = '', headers: Record<string, string> = {}) {
  async function request<T>(method: string, path: string, opts: { query?: Query; body?: unknown } = {}): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${baseUrl}${path}${toSearch(opts.query)}`, {
        method,
        headers: opts.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
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

    insertRows: (ref: string, body: InsertRowsBody) =>
      request<InsertRowsResponse>('POST', `${pgMeta(ref)}/table-rows/insert`, { body }),
    updateRow: (ref: string, body: UpdateRowBody) =>
      request<UpdateRowResponse>('POST', `${pgMeta(ref)}/table-rows/update`, { body }),
    deleteRows: (ref: string, body: DeleteRowsBody) =>
      request<DeleteRowsResponse>('POST', `${pgMeta(ref)}/table-rows/delete`, { body }),
    truncate: (ref: string, body: TruncateBody) =>
      request<{ truncated: true }>('POST', `${pgMeta(ref)}/table-rows/truncate`, { body }),
    /** A link the browser downloads from (streamed); filters and sorts as in the grid's URL. */
    exportUrl: (
      ref: string,
      q: { tableId: number; filter?: string[]; sort?: string[]; format?: 'csv' | 'sql'; role?: string; sub?: string },
    ) => {
      const sp = new URLSearchParams({ tableId: String(q.tableId), format: q.format ?? 'csv' })
      for (const f of q.filter ?? []) sp.append('filter', f)
      for (const o of q.sort ?? []) sp.append('sort', o)
      if (q.role) sp.set('role', q.role)
      if (q.sub) sp.set('sub', q.sub)
      return `${baseUrl}${pgMeta(ref)}/table-rows/export?${sp}`
    },
    /** Streams a CSV file to the server; calls onEvent for each NDJSON progress line; resolves with the last. */
    async importCsv(
      ref: string,
      q: { tableId: number; mapping: Record<string, string> },
      csv: Blob | string,
      onEvent: (e: ImportEvent) => void = () => {},
    ): Promise<ImportEvent> {
      const url = `${baseUrl}${pgMeta(ref)}/table-rows/import${toSearch({ tableId: q.tableId, mapping: JSON.stringify(q.mapping) })}`
      const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: csv })
      if (!res.ok || !res.body) {
        const err = (await res.json().catch(() => ({}))) as Partial<ApiErrorBody>
        throw new ApiError(err.message ?? res.statusText, err.code ?? res.status)
      }
      let last: ImportEvent | undefined
      let buffer = ''
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { value, done } = await reader.read()
        if (value) buffer += value
        const lines = buffer.split('\n')
        buffer = done ? '' : (lines.pop() ?? '')
        for (const line of lines) {
          if (!line.trim()) continue
          last = JSON.parse(line) as ImportEvent
          onEvent(last)
        }
        if (done) break
      }
      if (!last) throw new ApiError('The import ended without an answer', 500)
      return last
    },

    createColumn: (ref: string, body: ColumnCreateBody) => request<Column>('POST', `${pgMeta(ref)}/columns`, { body }),
    updateColumn: (ref: string, id: string, body: ColumnUpdateBody) =>
      request<Column>('PATCH', `${pgMeta(ref)}/columns`, { query: { id }, body }),
    deleteColumn: (ref: string, id: string, cascade = false) =>
      request<Column>('DELETE', `${pgMeta(ref)}/columns`, { query: { id, cascade } }),
    createTable: (ref: string, body: TableCreateBody) => request<Table>('POST', `${pgMeta(ref)}/tables`, { body }),
    updateTable: (ref: string, id: number, body: TableUpdateBody) =>
      request<Table>('PATCH', `${pgMeta(ref)}/tables`, { query: { id }, body }),
    deleteTable: (ref: string, id: number, cascade = false) =>
      request<Table>('DELETE', `${pgMeta(ref)}/tables`, { query: { id, cascade } }),
    duplicateTable: (ref: string, body: TableDuplicateBody) =>
      request<Table>('POST', `${pgMeta(ref)}/tables/duplicate`, { body }),

    runQuery: (ref: string, body: RunQueryBody) => request<RunQueryResponse>('POST', `${pgMeta(ref)}/query/run`, { body }),
    cancelQuery: (ref: string, body: CancelQueryBody) =>
      request<{ cancelled: boolean }>('POST', `${pgMeta(ref)}/query/cancel`, { body }),
    sqlTitle: (sql: string) => request<TitleResponse>('POST', '/api/ai/sql/title', { body: { sql } }),

    contents: <C = unknown>(ref: string, type?: ContentType) =>
      request<ContentListResponse<C>>('GET', `/platform/projects/${encodeURIComponent(ref)}/content`, { query: { type } }),
    createContent: <C = unknown>(ref: string, body: ContentCreateBody) =>
      request<Content<C>>('POST', `/platform/projects/${encodeURIComponent(ref)}/content`, { body }),
    updateContent: <C = unknown>(ref: string, id: string, body: ContentUpdateBody) =>
      request<Content<C>>('PATCH', `/platform/projects/${encodeURIComponent(ref)}/content`, { query: { id }, body }),
    deleteContents: (ref: string, ids: string[]) =>
      request<{ deleted: string[] }>('DELETE', `/platform/projects/${encodeURIComponent(ref)}/content`, { query: { ids } }),

    query: <R = Row>(ref: string, query: string) => request<R[]>('POST', `${pgMeta(ref)}/query`, { body: { query } }),
    format: (ref: string, query: string) =>
      request<{ formatted: string }>('POST', `${pgMeta(ref)}/query/format`, { body: { query } }),
  }
}

export type Api = ReturnType<typeof createApi>
