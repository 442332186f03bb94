/**
 * Content items (spec 3 and 7): SQL snippets now, reports later. Stored in the studio's platform store.
 * Request schemas the server validates with; the web client, commands and tests use the types.
 */
import { z } from 'zod'
import { Impersonation } from './api'

export const CONTENT_TYPES = ['sql', 'report'] as const
export const ContentType = z.enum(CONTENT_TYPES)
export type ContentType = z.infer<typeof ContentType>
/** 'user': personal (only its owner sees it); 'project': shared, read-only for other members. */
export const VISIBILITIES = ['user', 'project'] as const
export const Visibility = z.enum(VISIBILITIES)
export type Visibility = z.infer<typeof Visibility>

export const SnippetContent = z.object({
  sql: z.string(),
  favorite: z.boolean().default(false),
  schema_version: z.string().default('1.0'),
})
export type SnippetContent = z.infer<typeof SnippetContent>

/** A content item as the API answers it. */
export interface Content<C = unknown> {
  id: string
  project_id: number
  owner_id: number
  /** the owner's display name, for 'Shared' snippets */
  owner: { id: number; username: string }
  type: ContentType
  name: string
  description: string
  visibility: Visibility
  content: C
  inserted_at: string
  updated_at: string
}
export type Snippet = Content<SnippetContent>

export const ContentListQuery = z.object({ type: ContentType.optional() })
export interface ContentListResponse<C = unknown> { data: Content<C>[] }

/** POST /platform/projects/{ref}/content. id optional (the client may choose a uuid, e.g. for autosave). */
export const ContentCreateBody = z.object({
  id: z.uuid().optional(),
  type: ContentType,
  name: z.string().trim().min(1, 'Please enter a query name'),
  description: z.string().default(''),
  visibility: Visibility.default('user'),
  content: z.record(z.string(), z.unknown()),
})
export type ContentCreateBody = z.input<typeof ContentCreateBody>

/** PATCH /platform/projects/{ref}/content?id=: only the fields given change. Only the owner may. */
export const ContentUpdateBody = z.object({
  name: z.string().trim().min(1, 'Please enter a query name').optional(),
  description: z.string().optional(),
  visibility: Visibility.optional(),
  content: z.record(z.string(), z.unknown()).optional(),
})
export type ContentUpdateBody = z.input<typeof ContentUpdateBody>
export const ContentIdQuery = z.object({ id: z.uuid() })
/** DELETE /platform/projects/{ref}/content?ids=a,b: only the owner may; unknown ids → 404 'Content not found'. */
export const ContentDeleteQuery = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.uuid()).min(1, 'ids is required')),
})
export const CONTENT_NOT_FOUND = 'Content not found'

// ---- running SQL from the editor ----
/**
 * POST /platform/pg-meta/{ref}/query/run: every statement's result (one results tab each), as the
 * impersonated role when given. `runId` lets POST query/cancel stop it on PostgreSQL (pg_cancel_backend).
 * PGlite runs a query inside the server's own thread: nothing can interrupt it (it ignores statement_timeout
 * too), so cancel answers { cancelled: false } there.
 */
export const RunQueryBody = z.object({
  query: z.string().min(1, 'query is required'),
  runId: z.uuid().optional(),
  impersonate: Impersonation.optional(),
  /**
   * The editor's row limit: each statement that reads (SELECT, VALUES, TABLE, a WITH that only reads)
   * answers at most this many rows, read through a cursor, so a big result is never computed or held
   * whole; absent, every row.
   */
  limit: z.number().int().positive().max(1_000_000).optional(),
})
export type RunQueryBody = z.input<typeof RunQueryBody>
export interface StatementResult {
  /** 'SELECT', 'INSERT', 'CREATE TABLE'… */
  command: string
  columns: { name: string; dataTypeID: number }[]
  rows: Record<string, unknown>[]
  rowCount: number
  /** read under the row limit: true when more rows exist than `rows` holds */
  truncated?: boolean
  /** read under the row limit: where its statement is in the query, UTF-16 offsets [from, to) */
  statement?: { from: number; to: number }
}
export interface RunQueryResponse { results: StatementResult[]; duration_ms: number }
/**
 * One line of POST query/run/lines (NDJSON): the same answer as query/run, in parts a client reads a few at a
 * time. A statement's result without its rows; then its rows, some at a time (appended to the last result);
 * and last the run's duration, which says the answer is whole.
 */
export type RunQueryLine =
  | { result: Omit<StatementResult, 'rows'> }
  | { rows: Record<string, unknown>[] }
  | { duration_ms: number }
/**
 * POST query/explain: EXPLAIN (ANALYZE, FORMAT TEXT) of one statement, inside a transaction that is rolled
 * back, so the statement's writes are not kept. Cancellable with its runId like a run.
 */
export const ExplainQueryBody = z.object({
  query: z.string().min(1, 'query is required'),
  runId: z.uuid().optional(),
  impersonate: Impersonation.optional(),
})
export type ExplainQueryBody = z.input<typeof ExplainQueryBody>
/** the plan, one line per entry, as EXPLAIN prints it */
export interface ExplainQueryResponse { plan: string[]; duration_ms: number }
export const RESULT_DOWNLOAD_FORMATS = ['csv', 'json'] as const
/**
 * POST query/download: asks for the whole result of one statement that reads; answers a one-time link
 * (GET, valid SQL_DOWNLOAD_TTL_MS) from which the browser streams the file to disk. The statement runs
 * again, as the role given, in a read-only transaction.
 */
export const ResultDownloadBody = z.object({
  query: z.string().min(1, 'query is required'),
  format: z.enum(RESULT_DOWNLOAD_FORMATS),
  impersonate: Impersonation.optional(),
})
export type ResultDownloadBody = z.input<typeof ResultDownloadBody>
export interface ResultDownloadResponse { token: string }
export const CancelQueryBody = z.object({ runId: z.uuid() })
export type CancelQueryBody = z.infer<typeof CancelQueryBody>

/** POST /api/ai/sql/title: a title and description derived from the SQL itself (no AI service here). */
export const TitleBody = z.object({ sql: z.string({ error: 'sql is required' }).min(1, 'sql is required') })
export interface TitleResponse { title: string; description: string }

/** The one user of a self-hosted studio. */
export const SELF_HOSTED_USER = { id: 1, username: 'self-hosted', primary_email: 'admin@localhost' } as const
/** GET /platform/profile: the request's user (owner_id of what they create). */
export interface Profile { id: number; username: string; primary_email: string }
