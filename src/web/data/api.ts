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
import { STUDIO_REQUEST_HEADER, type TableListSort } from '../../shared/constants'
import type { Policy, PolicyCreateBody, PolicyUpdateBody } from '../../shared/policies'
import type { RoleCreateBody, RoleUpdateBody } from '../../shared/roles'
import type {
  Bucket, BucketCreateBody, BucketUpdateBody, DeleteObjectsBody, ListObjectsBody, MoveObjectsBody, ObjectPathBody,
  ProjectApiSettings, SignObjectBody, StorageConfig, StorageConfigBody, StorageItem,
} from '../../shared/storage'

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

export interface ApiOptions {
  /**
   * Told of every 401 (no session, or it ended), except from the sign-in and sign-out calls, which answer
   * for themselves. The browser sends the user to /sign-in with it; headless there is none.
   */
  onUnauthorized?: (error: ApiError) => void
}

/** What an export reads: filters and sorts as in the grid's URL, optionally as a role. */
type ExportQuery = { tableId: number; filter?: string[]; sort?: string[]; format?: 'csv' | 'sql'; role?: string; sub?: string }

/** Per call: whether a 401 from it is handed to `onUnauthorized` (default true). */
type RequestOpts = { query?: Query; body?: unknown; reportUnauthorized?: boolean }

/**
 * `headers` are sent with every call (tests use them to act as another user of a studio set up for it, or
 * to send a session cookie and an Origin), together with `x-studio-request: 1`: the server refuses a change
 * made with the session cookie that carries neither that header nor a JSON body (a cross-site form could).
 */
export function createApi(baseUrl = '', headers: Record<string, string> = {}, options: ApiOptions = {}) {
  const sent: Record<string, string> = { [STUDIO_REQUEST_HEADER]: '1', ...headers }

  /** The error for a failed answer; a 401 is reported to `onUnauthorized` first (unless `report` is false). */
  function failure(status: number, statusText: string, body: Partial<ApiErrorBody> | undefined, report = true): ApiError {
    const err = body ?? {}
    const error = new ApiError(err.message ?? statusText, err.code ?? status, err.pgCode, err.position)
    if (status === 401 && report) options.onUnauthorized?.(error)
    return error
  }

  async function request<T>(method: string, path: string, opts: RequestOpts = {}): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${baseUrl}${path}${toSearch(opts.query)}`, {
        method,
        headers: opts.body === undefined ? sent : { ...sent, 'content-type': 'application/json' },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      })
    } catch (e) {
      throw new ApiError(`Network error: ${(e as Error).message}`, 0)
    }
    const text = await res.text()
    const data = text ? (JSON.parse(text) as unknown) : undefined
    if (!res.ok) throw failure(res.status, res.statusText, data as Partial<ApiErrorBody> | undefined, opts.reportUnauthorized)
    return data as T
  }

  /** A failed raw fetch (streams, files) as an ApiError, told to `onUnauthorized` like the rest. */
  async function failed(res: Response): Promise<ApiError> {
    return failure(res.status, res.statusText, (await res.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined)
  }

  const pgMeta = (ref: string) => `/platform/pg-meta/${encodeURIComponent(ref)}`

  /** A link the browser downloads from (streamed, with its session cookie); filters and sorts as in the grid's URL. */
  function exportUrl(ref: string, q: ExportQuery): string {
    const sp = new URLSearchParams({ tableId: String(q.tableId), format: q.format ?? 'csv' })
    for (const f of q.filter ?? []) sp.append('filter', f)
    for (const o of q.sort ?? []) sp.append('sort', o)
    if (q.role) sp.set('role', q.role)
    if (q.sub) sp.set('sub', q.sub)
    return `${baseUrl}${pgMeta(ref)}/table-rows/export?${sp}`
  }

  return {
    request,
    ...storageCalls(request, baseUrl, sent, failed, (status, text, body) => failure(status, text, body)),
    /** The dashboard password for a session cookie; a wrong one answers 401 MSG.wrongPassword (not reported). */
    signIn: (password: string) =>
      request<{ ok: true }>('POST', '/platform/sign-in', { body: { password }, reportUnauthorized: false }),
    /** Ends the session and clears its cookie; without one it answers 401 (not reported: the caller goes on). */
    signOut: () => request<{ ok: true }>('POST', '/platform/sign-out', { reportUnauthorized: false }),
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
    createRole: (ref: string, body: RoleCreateBody) => request<Role>('POST', `${pgMeta(ref)}/roles`, { body }),
    updateRole: (ref: string, id: number, body: RoleUpdateBody) =>
      request<Role>('PATCH', `${pgMeta(ref)}/roles`, { query: { id }, body }),
    /** answers the role as it was */
    deleteRole: (ref: string, id: number) => request<Role>('DELETE', `${pgMeta(ref)}/roles`, { query: { id } }),

    policies: (ref: string, q: { included_schemas?: string[]; excluded_schemas?: string[] } = {}) =>
      request<Policy[]>('GET', `${pgMeta(ref)}/policies`, { query: q }),
    createPolicy: (ref: string, body: PolicyCreateBody) => request<Policy>('POST', `${pgMeta(ref)}/policies`, { body }),
    updatePolicy: (ref: string, id: number, body: PolicyUpdateBody) =>
      request<Policy>('PATCH', `${pgMeta(ref)}/policies`, { query: { id }, body }),
    /** answers the policy as it was */
    deletePolicy: (ref: string, id: number) => request<Policy>('DELETE', `${pgMeta(ref)}/policies`, { query: { id } }),

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
    exportUrl,
    /** The export link's file, read here with this client's credentials (a whole row, say); failures as ApiError. */
    async exportText(ref: string, q: ExportQuery): Promise<string> {
      const res = await fetch(exportUrl(ref, q), { headers: sent })
      if (!res.ok) throw await failed(res)
      return res.text()
    },
    /** Streams a CSV file to the server; calls onEvent for each NDJSON progress line; resolves with the last. */
    async importCsv(
      ref: string,
      q: { tableId: number; mapping: Record<string, string> },
      csv: Blob | string,
      onEvent: (e: ImportEvent) => void = () => {},
    ): Promise<ImportEvent> {
      const url = `${baseUrl}${pgMeta(ref)}/table-rows/import${toSearch({ tableId: q.tableId, mapping: JSON.stringify(q.mapping) })}`
      const res = await fetch(url, { method: 'POST', headers: { ...sent, 'content-type': 'text/csv' }, body: csv })
      if (!res.ok || !res.body) throw await failed(res)
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

// ---- storage (spec 7): the dashboard's calls under /platform/storage/{ref}, settings and API keys ----

type RequestFn = <T>(method: string, path: string, opts?: RequestOpts) => Promise<T>
type FailedFn = (res: Response) => Promise<ApiError>
type FailureFn = (status: number, statusText: string, body: Partial<ApiErrorBody> | undefined) => ApiError

/** `headers` already hold x-studio-request; `failed`/`failure` turn a refusal into an ApiError (and report a 401). */
function storageCalls(request: RequestFn, baseUrl: string, headers: Record<string, string>, failed: FailedFn, failure: FailureFn) {
  const storage = (ref: string) => `/platform/storage/${encodeURIComponent(ref)}/buckets`
  const bucket = (ref: string, id: string) => `${storage(ref)}/${encodeURIComponent(id)}`
  const project = (ref: string) => `/platform/projects/${encodeURIComponent(ref)}`
  return {
    buckets: (ref: string) => request<Bucket[]>('GET', storage(ref)),
    bucket: (ref: string, id: string) => request<Bucket>('GET', bucket(ref, id)),
    createBucket: (ref: string, body: BucketCreateBody) => request<Bucket>('POST', storage(ref), { body }),
    updateBucket: (ref: string, id: string, body: BucketUpdateBody) => request<Bucket>('PATCH', bucket(ref, id), { body }),
    emptyBucket: (ref: string, id: string) => request<{ message: string }>('POST', `${bucket(ref, id)}/empty`),
    deleteBucket: (ref: string, id: string) => request<{ message: string }>('DELETE', bucket(ref, id)),
    listObjects: (ref: string, id: string, body: ListObjectsBody) =>
      request<StorageItem[]>('POST', `${bucket(ref, id)}/objects/list`, { body }),
    moveObject: (ref: string, id: string, body: MoveObjectsBody) =>
      request<{ message: string }>('POST', `${bucket(ref, id)}/objects/move`, { body }),
    signObject: (ref: string, id: string, body: SignObjectBody) =>
      request<{ signedUrl: string }>('POST', `${bucket(ref, id)}/objects/sign`, { body }),
    publicUrl: (ref: string, id: string, body: ObjectPathBody) =>
      request<{ publicUrl: string }>('POST', `${bucket(ref, id)}/objects/public-url`, { body }),
    deleteObjects: (ref: string, id: string, body: DeleteObjectsBody) =>
      request<{ id: string; name: string; bucket_id: string }[]>('DELETE', `${bucket(ref, id)}/objects`, { body }),
    /** The object's bytes as a Blob (the server streams them). */
    async downloadObject(ref: string, id: string, path: string): Promise<Blob> {
      const res = await fetch(`${baseUrl}${bucket(ref, id)}/objects/download`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ path }),
      })
      if (!res.ok) throw await failed(res)
      return res.blob()
    },
    /** Streams a file to the bucket (cache-control 3600 unless given); a duplicate is refused unless upsert. */
    async uploadObject(ref: string, id: string, path: string, file: Blob, opts: { upsert?: boolean; signal?: AbortSignal } = {}) {
      const url = `${baseUrl}${bucket(ref, id)}/objects/upload${toSearch({ path, upsert: opts.upsert ?? false })}`
      const res = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': file.type || 'application/octet-stream' },
        body: file,
        signal: opts.signal,
      })
      if (!res.ok) throw await failed(res)
      return (await res.json().catch(() => ({}))) as { id: string; name: string; bucket_id: string }
    },
    /**
     * The same upload, telling `onProgress` the bytes sent so far: XMLHttpRequest in the browser (fetch
     * reports no upload progress); where there is none (Node), a plain fetch reporting once at the end.
     */
    uploadObjectWithProgress(ref: string, id: string, path: string, file: Blob, onProgress: (sent: number) => void) {
      if (typeof XMLHttpRequest === 'undefined') {
        return this.uploadObject(ref, id, path, file).then((row) => (onProgress(file.size), row))
      }
      const url = `${baseUrl}${bucket(ref, id)}/objects/upload${toSearch({ path, upsert: false })}`
      return new Promise<{ id: string; name: string; bucket_id: string }>((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        xhr.open('POST', url)
        for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)
        xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
        xhr.upload.onprogress = (e) => onProgress(e.loaded)
        xhr.onerror = () => reject(new ApiError('Network error', 0))
        xhr.onload = () => {
          let data: Partial<ApiErrorBody> & { id?: string } = {}
          try {
            data = JSON.parse(xhr.responseText) as typeof data
          } catch {
            // not JSON: the status text says it
          }
          if (xhr.status >= 200 && xhr.status < 300) resolve(data as { id: string; name: string; bucket_id: string })
          else reject(failure(xhr.status, xhr.statusText, data))
        }
        xhr.send(file)
      })
    },
    storageConfig: (ref: string) => request<StorageConfig>('GET', `${project(ref)}/config/storage`),
    updateStorageConfig: (ref: string, body: StorageConfigBody) =>
      request<StorageConfig>('PATCH', `${project(ref)}/config/storage`, { body }),
    apiSettings: (ref: string) => request<ProjectApiSettings>('GET', `${project(ref)}/settings`),
  }
}
