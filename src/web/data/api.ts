/**
 * The dashboard API client: every call of spec section 7 goes through `call(endpoint, { params, query, body })`,
 * typed from the endpoint table in src/shared/contract (a wrong param or body fails tsc), and a named method
 * per call on top. Plain fetch, so commands use it in the browser and headless in tests alike (pass the
 * server's base URL there).
 */
import type { ApiErrorBody, Row } from '../../shared/api'
import type { ImportEvent } from '../../shared/api-edit'
import { STUDIO_REQUEST_HEADER } from '../../shared/constants'
import type { Content, ContentCreateBody, ContentListResponse, ContentType, ContentUpdateBody, RunQueryResponse } from '../../shared/content'
import { endpoints as e } from '../../shared/contract'
import {
  pathOf, searchOf, type BodyOf, type CallArgs, type Endpoint, type JsonEndpoint, type OneOf, type QueryOf, type ResponseOf,
} from '../../shared/contract/endpoint'
import type { PolicyCreateBody } from '../../shared/policies'
import { readRunLines } from './run-lines'

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

export interface ApiOptions {
  /**
   * Told of every 401 (no session, or it ended), except from the sign-in and sign-out calls, which answer
   * for themselves. The browser sends the user to /sign-in with it; headless there is none.
   */
  onUnauthorized?: (error: ApiError) => void
}

/** Per call: the query string (see searchOf), the JSON body, and whether a 401 is handed to `onUnauthorized` (default true). */
type RequestOpts = { query?: object; body?: unknown; reportUnauthorized?: boolean }
/** The arguments of `call`: none when the endpoint needs none. */
type ArgsOf<E> = {} extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>]
type Uploaded = ResponseOf<typeof e.uploadObject>

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
      res = await fetch(`${baseUrl}${path}${searchOf(opts.query)}`, {
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

  /** One call of the table; with `query.id` on a by-id endpoint (tables, policies) it answers that one item. */
  function call<E extends JsonEndpoint>(endpoint: E, args: [OneOf<E>] extends [never] ? never : CallArgs<E> & { query: { id: number } }): Promise<OneOf<E>>
  function call<E extends JsonEndpoint>(endpoint: E, ...args: ArgsOf<E>): Promise<ResponseOf<E>>
  function call(endpoint: JsonEndpoint, args: { params?: Record<string, string>; query?: object; body?: unknown; reportUnauthorized?: boolean } = {}) {
    const { params, ...opts } = args
    return request(endpoint.method, pathOf(endpoint.path, params), opts)
  }

  /** The full URL of a streaming endpoint (uploads, downloads, export, import). */
  const url = (endpoint: Endpoint, params: Record<string, string>, query?: object) =>
    `${baseUrl}${pathOf(endpoint.path, params)}${searchOf(query)}`

  /** A failed raw fetch (streams, files) as an ApiError, told to `onUnauthorized` like the rest. */
  async function failed(res: Response): Promise<ApiError> {
    return failure(res.status, res.statusText, (await res.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined)
  }

  /** A link the browser downloads from (streamed, with its session cookie); filters and sorts as in the grid's URL. */
  function exportUrl(ref: string, q: QueryOf<typeof e.exportRows>): string {
    const sp = new URLSearchParams({ tableId: String(q.tableId), format: q.format ?? 'csv' })
    for (const f of [q.filter ?? []].flat()) sp.append('filter', f)
    for (const o of [q.sort ?? []].flat()) sp.append('sort', o)
    if (q.role) sp.set('role', q.role)
    if (q.sub) sp.set('sub', q.sub)
    return `${url(e.exportRows, { ref })}?${sp}`
  }

  /** Streams a file to the bucket (cache-control 3600 unless given); a duplicate is refused unless upsert. */
  async function uploadObject(ref: string, id: string, path: string, file: Blob, opts: { upsert?: boolean; signal?: AbortSignal } = {}) {
    const res = await fetch(url(e.uploadObject, { ref, id }, { path, upsert: opts.upsert ?? false }), {
      method: 'POST',
      headers: { ...sent, 'content-type': file.type || 'application/octet-stream' },
      body: file,
      signal: opts.signal,
    })
    if (!res.ok) throw await failed(res)
    return (await res.json().catch(() => ({}))) as Uploaded
  }

  /**
   * The same upload, telling `onProgress` the bytes sent so far: XMLHttpRequest in the browser (fetch
   * reports no upload progress); where there is none (Node), a plain fetch reporting once at the end.
   */
  function uploadObjectWithProgress(ref: string, id: string, path: string, file: Blob, onProgress: (sent: number) => void) {
    if (typeof XMLHttpRequest === 'undefined') {
      return uploadObject(ref, id, path, file).then((row) => (onProgress(file.size), row))
    }
    return new Promise<Uploaded>((resolve, reject) => {
      const xhr = new XMLHttpRequest()
      xhr.open('POST', url(e.uploadObject, { ref, id }, { path, upsert: false }))
      for (const [k, v] of Object.entries(sent)) xhr.setRequestHeader(k, v)
      xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
      xhr.upload.onprogress = (ev) => onProgress(ev.loaded)
      xhr.onerror = () => reject(new ApiError('Network error', 0))
      xhr.onload = () => {
        let data: Partial<ApiErrorBody> & { id?: string } = {}
        try {
          data = JSON.parse(xhr.responseText) as typeof data
        } catch {
          // not JSON: the status text says it
        }
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as Uploaded)
        else reject(failure(xhr.status, xhr.statusText, data))
      }
      xhr.send(file)
    })
  }

  /** The import's NDJSON answer, line by line: each event to onEvent; the last one, or null when there was none. */
  function importEvents(text: string, onEvent: (e: ImportEvent) => void): ImportEvent | null {
    let last: ImportEvent | null = null
    for (const line of text.split('\n')) {
      if (!line.trim()) continue
      last = JSON.parse(line) as ImportEvent
      onEvent(last)
    }
    return last
  }

  /**
   * Streams a CSV file to the server; calls onEvent for each NDJSON progress line and resolves with the
   * last. In the browser the upload goes through XMLHttpRequest, whose upload events tell `onSent` the
   * bytes sent so far (a browser reads the answer only once the whole file is sent, so the server's
   * progress lines come at the end there); elsewhere through fetch, reading the lines as they come.
   */
  async function importCsv(
    ref: string,
    q: QueryOf<typeof e.importRows>,
    csv: Blob | string,
    onEvent: (e: ImportEvent) => void = () => {},
    onSent: (sent: number, total: number) => void = () => {},
  ): Promise<ImportEvent> {
    const target = url(e.importRows, { ref }, q)
    const body = typeof csv === 'string' ? new Blob([csv], { type: 'text/csv' }) : csv
    if (typeof XMLHttpRequest !== 'undefined') {
      const { status, statusText, text } = await new Promise<{ status: number; statusText: string; text: string }>((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        xhr.open('POST', target)
        for (const [k, v] of Object.entries(sent)) xhr.setRequestHeader(k, v)
        xhr.setRequestHeader('content-type', 'text/csv')
        xhr.upload.onprogress = (ev) => onSent(ev.loaded, ev.lengthComputable ? ev.total : body.size)
        xhr.onerror = () => reject(new ApiError('Network error', 0))
        xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText })
        xhr.send(body)
      })
      if (status < 200 || status >= 300) {
        let data: Partial<ApiErrorBody> | undefined
        try {
          data = JSON.parse(text) as Partial<ApiErrorBody>
        } catch {
          // not JSON: the status text says it
        }
        throw failure(status, statusText, data)
      }
      onSent(body.size, body.size)
      const last = importEvents(text, onEvent)
      if (!last) throw new ApiError('The import ended without an answer', 500)
      return last
    }
    const res = await fetch(target, { method: 'POST', headers: { ...sent, 'content-type': 'text/csv' }, body })
    if (!res.ok || !res.body) throw await failed(res)
    let last: ImportEvent | null = null
    let buffer = ''
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (value) buffer += value
      const end = done ? buffer.length : buffer.lastIndexOf('\n') + 1
      last = importEvents(buffer.slice(0, end), onEvent) ?? last
      buffer = buffer.slice(end)
      if (done) break
    }
    onSent(body.size, body.size)
    if (!last) throw new ApiError('The import ended without an answer', 500)
    return last
  }

  /**
   * The export's file, read here as it streams in, telling `onReceived` the bytes and lines so far (a
   * line is about a row; a value holding a line break counts twice). With the file name the server gave.
   */
  async function downloadExport(
    ref: string,
    q: QueryOf<typeof e.exportRows>,
    onReceived: (bytes: number, lines: number) => void = () => {},
  ): Promise<{ blob: Blob; filename: string }> {
    const res = await fetch(exportUrl(ref, q), { headers: sent })
    if (!res.ok || !res.body) throw await failed(res)
    const disposition = res.headers.get('content-disposition') ?? ''
    const named = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
    const filename = named ? decodeURIComponent(named[1]!) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'rows')
    // Received bytes are gathered in blobs of ~8 MB, which the browser may keep on disk.
    const blobs: Blob[] = []
    let held: Uint8Array[] = []
    let heldBytes = 0
    let bytes = 0
    let lines = 0
    const reader = res.body.getReader()
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      const chunk = part.value
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++
      held.push(chunk)
      heldBytes += chunk.byteLength
      bytes += chunk.byteLength
      if (heldBytes >= 8 * 1024 * 1024) {
        blobs.push(new Blob(held as BlobPart[]))
        held = []
        heldBytes = 0
      }
      onReceived(bytes, lines)
    }
    blobs.push(new Blob(held as BlobPart[]))
    return { blob: new Blob(blobs, { type: res.headers.get('content-type') ?? 'text/csv' }), filename }
  }

  /**
   * The SQL editor's run, its answer read as NDJSON lines a part at a time (run-lines.ts), so that a big
   * result never holds the page long: the same answer as runQuery.
   */
  async function runQueryLines(ref: string, body: BodyOf<typeof e.runQueryLines>): Promise<RunQueryResponse> {
    let res: Response
    try {
      res = await fetch(url(e.runQueryLines, { ref }), {
        method: 'POST',
        headers: { ...sent, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    } catch (err) {
      throw new ApiError(`Network error: ${(err as Error).message}`, 0)
    }
    if (!res.ok) throw await failed(res)
    try {
      return await readRunLines(await res.blob())
    } catch (err) {
      throw new ApiError(`The results could not be read: ${(err as Error).message}`, 0)
    }
  }

  type Body<E> = BodyOf<E>
  // path parameters: a project, a project's bucket
  const r = (ref: string) => ({ ref })
  const b = (ref: string, id: string) => ({ ref, id })

  return {
    request,
    call,
    /** The dashboard password for a session cookie; a wrong one answers 401 MSG.wrongPassword (not reported). */
    signIn: (password: string) => call(e.signIn, { body: { password }, reportUnauthorized: false }),
    /** Ends the session and clears its cookie; without one it answers 401 (not reported: the caller goes on). */
    signOut: () => call(e.signOut, { reportUnauthorized: false }),
    studio: () => call(e.studio),
    projects: () => call(e.projects),
    project: (ref: string) => call(e.project, { params: r(ref) }),
    profile: () => call(e.profile),
    permissions: () => call(e.permissions),

    schemas: (ref: string) => call(e.schemas, { params: r(ref) }),
    tables: (ref: string, q: Omit<QueryOf<typeof e.tables>, 'id'> = {}) => call(e.tables, { params: r(ref), query: q }),
    table: (ref: string, id: number) => call(e.tables, { params: r(ref), query: { id, include_columns: true } }),
    views: (ref: string, q: QueryOf<typeof e.views> = {}) => call(e.views, { params: r(ref), query: q }),
    materializedViews: (ref: string, q: QueryOf<typeof e.materializedViews> = {}) => call(e.materializedViews, { params: r(ref), query: q }),
    foreignTables: (ref: string, q: QueryOf<typeof e.foreignTables> = {}) => call(e.foreignTables, { params: r(ref), query: q }),
    extensions: (ref: string) => call(e.extensions, { params: r(ref) }),
    roles: (ref: string) => call(e.roles, { params: r(ref) }),
    createRole: (ref: string, body: Body<typeof e.createRole>) => call(e.createRole, { params: r(ref), body }),
    updateRole: (ref: string, id: number, body: Body<typeof e.updateRole>) => call(e.updateRole, { params: r(ref), query: { id }, body }),
    /** answers the role as it was */
    deleteRole: (ref: string, id: number) => call(e.deleteRole, { params: r(ref), query: { id } }),

    policies: (ref: string, q: Omit<QueryOf<typeof e.policies>, 'id'> = {}) => call(e.policies, { params: r(ref), query: q }),
    /** one policy, read again from the database; 404 'Policy <id> not found' when there is none */
    policy: (ref: string, id: number) => call(e.policies, { params: r(ref), query: { id } }),
    createPolicy: (ref: string, body: PolicyCreateBody) => call(e.createPolicy, { params: r(ref), body }),
    updatePolicy: (ref: string, id: number, body: Body<typeof e.updatePolicy>) => call(e.updatePolicy, { params: r(ref), query: { id }, body }),
    /** answers the policy as it was */
    deletePolicy: (ref: string, id: number) => call(e.deletePolicy, { params: r(ref), query: { id } }),
    /** creates every policy in one transaction, or none (the first refusal is the error); answers them in order */
    createPolicies: async (ref: string, create: PolicyCreateBody[]) => (await call(e.policyBatch, { params: r(ref), body: { create } })).created,
    /** drops every policy in one transaction, or none; answers them as they were */
    deletePolicies: async (ref: string, ids: number[]) => (await call(e.policyBatch, { params: r(ref), body: { delete: ids } })).deleted,
    /** drops `delete` and creates `create`, all in one transaction, or nothing */
    policyBatch: (ref: string, body: Body<typeof e.policyBatch>) => call(e.policyBatch, { params: r(ref), body }),
    /** the policy tried as a role inside a transaction that is rolled back: the rows it reads, the sample writes' fate */
    tryPolicy: (ref: string, body: Body<typeof e.tryPolicy>) => call(e.tryPolicy, { params: r(ref), body }),
    /** the storage policies tried as a role, rolled back: the bucket's objects it sees, the sample object's fate */
    tryStoragePolicy: (ref: string, body: Body<typeof e.tryStoragePolicy>) => call(e.tryStoragePolicy, { params: r(ref), body }),

    entities: (ref: string, q: QueryOf<typeof e.entities>) => call(e.entities, { params: r(ref), query: q }),
    /** relations of every user schema whose name holds `search`, exact names first, then prefixes, then the rest */
    searchEntities: (ref: string, q: QueryOf<typeof e.searchEntities> = {}) => call(e.searchEntities, { params: r(ref), query: q }),
    gridTable: (ref: string, id: number) => call(e.gridTable, { params: r(ref), query: { id } }),
    tableDefinition: (ref: string, id: number) => call(e.tableDefinition, { params: r(ref), query: { id } }),
    rows: (ref: string, body: Body<typeof e.rows>) => call(e.rows, { params: r(ref), body }),
    count: (ref: string, body: Body<typeof e.count>) => call(e.count, { params: r(ref), body }),

    insertRows: (ref: string, body: Body<typeof e.insertRows>) => call(e.insertRows, { params: r(ref), body }),
    updateRow: (ref: string, body: Body<typeof e.updateRow>) => call(e.updateRow, { params: r(ref), body }),
    writableColumns: (ref: string, body: Body<typeof e.writableColumns>) => call(e.writableColumns, { params: r(ref), body }),
    deleteRows: (ref: string, body: Body<typeof e.deleteRows>) => call(e.deleteRows, { params: r(ref), body }),
    truncate: (ref: string, body: Body<typeof e.truncate>) => call(e.truncate, { params: r(ref), body }),
    exportUrl,
    downloadExport,
    /** The export link's file, read here with this client's credentials (a whole row, say); failures as ApiError. */
    async exportText(ref: string, q: QueryOf<typeof e.exportRows>): Promise<string> {
      const res = await fetch(exportUrl(ref, q), { headers: sent })
      if (!res.ok) throw await failed(res)
      return res.text()
    },
    importCsv,

    createColumn: (ref: string, body: Body<typeof e.createColumn>) => call(e.createColumn, { params: r(ref), body }),
    updateColumn: (ref: string, id: string, body: Body<typeof e.updateColumn>) => call(e.updateColumn, { params: r(ref), query: { id }, body }),
    deleteColumn: (ref: string, id: string, cascade = false) => call(e.deleteColumn, { params: r(ref), query: { id, cascade } }),
    createTable: (ref: string, body: Body<typeof e.createTable>) => call(e.createTable, { params: r(ref), body }),
    updateTable: (ref: string, id: number, body: Body<typeof e.updateTable>) => call(e.updateTable, { params: r(ref), query: { id }, body }),
    deleteTable: (ref: string, id: number, cascade = false) => call(e.deleteTable, { params: r(ref), query: { id, cascade } }),
    duplicateTable: (ref: string, body: Body<typeof e.duplicateTable>) => call(e.duplicateTable, { params: r(ref), body }),

    runQuery: (ref: string, body: Body<typeof e.runQuery>) => call(e.runQuery, { params: r(ref), body }),
    runQueryLines,
    cancelQuery: (ref: string, body: Body<typeof e.cancelQuery>) => call(e.cancelQuery, { params: r(ref), body }),
    explainQuery: (ref: string, body: Body<typeof e.explainQuery>) => call(e.explainQuery, { params: r(ref), body }),
    prepareResultDownload: (ref: string, body: Body<typeof e.prepareResultDownload>) => call(e.prepareResultDownload, { params: r(ref), body }),
    /** the one-time link prepareResultDownload's token opens: the browser streams the file to disk (with its session cookie) */
    resultDownloadUrl: (ref: string, token: string) => url(e.resultDownload, { ref, token }),
    sqlTitle: (sql: string) => call(e.sqlTitle, { body: { sql } }),

    contents: <C = unknown>(ref: string, type?: ContentType) =>
      call(e.contents, { params: r(ref), query: { type } }) as Promise<ContentListResponse<C>>,
    createContent: <C = unknown>(ref: string, body: ContentCreateBody) =>
      call(e.createContent, { params: r(ref), body }) as Promise<Content<C>>,
    updateContent: <C = unknown>(ref: string, id: string, body: ContentUpdateBody) =>
      call(e.updateContent, { params: r(ref), query: { id }, body }) as Promise<Content<C>>,
    deleteContents: (ref: string, ids: string[]) => call(e.deleteContents, { params: r(ref), query: { ids } }),

    query: <R = Row>(ref: string, query: string) => call(e.query, { params: r(ref), body: { query } }) as Promise<R[]>,
    format: (ref: string, query: string) => call(e.formatQuery, { params: r(ref), body: { query } }),

    // ---- storage (spec 7): the dashboard's calls under /platform/storage/{ref}, settings and API keys ----
    buckets: (ref: string) => call(e.buckets, { params: r(ref) }),
    bucket: (ref: string, id: string) => call(e.bucket, { params: b(ref, id) }),
    createBucket: (ref: string, body: Body<typeof e.createBucket>) => call(e.createBucket, { params: r(ref), body }),
    updateBucket: (ref: string, id: string, body: Body<typeof e.updateBucket>) => call(e.updateBucket, { params: b(ref, id), body }),
    emptyBucket: (ref: string, id: string) => call(e.emptyBucket, { params: b(ref, id) }),
    deleteBucket: (ref: string, id: string) => call(e.deleteBucket, { params: b(ref, id) }),
    listObjects: (ref: string, id: string, body: Body<typeof e.listObjects>) => call(e.listObjects, { params: b(ref, id), body }),
    moveObject: (ref: string, id: string, body: Body<typeof e.moveObject>) => call(e.moveObject, { params: b(ref, id), body }),
    signObject: (ref: string, id: string, body: Body<typeof e.signObject>) => call(e.signObject, { params: b(ref, id), body }),
    publicUrl: (ref: string, id: string, body: Body<typeof e.publicUrl>) => call(e.publicUrl, { params: b(ref, id), body }),
    deleteObjects: (ref: string, id: string, body: Body<typeof e.deleteObjects>) => call(e.deleteObjects, { params: b(ref, id), body }),
    /** The object's bytes as a Blob (the server streams them). */
    async downloadObject(ref: string, id: string, path: string): Promise<Blob> {
      const res = await fetch(url(e.downloadObject, b(ref, id)), {
        method: 'POST',
        headers: { ...sent, 'content-type': 'application/json' },
        body: JSON.stringify({ path } satisfies Body<typeof e.downloadObject>),
      })
      if (!res.ok) throw await failed(res)
      return res.blob()
    },
    uploadObject,
    uploadObjectWithProgress,
    storageConfig: (ref: string) => call(e.storageConfig, { params: r(ref) }),
    updateStorageConfig: (ref: string, body: Body<typeof e.updateStorageConfig>) => call(e.updateStorageConfig, { params: r(ref), body }),
    apiSettings: (ref: string) => call(e.apiSettings, { params: r(ref) }),
    postgrestConfig: (ref: string) => call(e.postgrestConfig, { params: r(ref) }),
    updatePostgrestConfig: (ref: string, body: Body<typeof e.updatePostgrestConfig>) => call(e.updatePostgrestConfig, { params: r(ref), body }),
  }
}

export type Api = ReturnType<typeof createApi>
