/** Business constants from spec section 9. The one place they live. */

export const DEFAULT_PROJECT_REF = 'default'
export const DEFAULT_PROJECT_NAME = 'Default Project'
export const DEFAULT_PORT = 8082

// Grid
export const PAGE_SIZE_OPTIONS = [100, 500, 1000] as const
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 100
export const ROW_FETCH_BATCH = 500
export const CSV_EXPORT_LIMIT = 500_000
export const COLUMN_MIN_WIDTH = 100
export const COLUMN_WIDTHS = {
  numeric: 120,
  datetime: 150,
  boolean: 120,
  enum: 150,
  other: 250,
} as const
/** Width is at least (name length + format length) x this. */
export const COLUMN_WIDTH_CHAR_FACTOR = 9
export const SELECT_COLUMN_WIDTH = 65
export const ADD_COLUMN_WIDTH = 100
export const GRID_STATE_DEBOUNCE_MS = 500
export const SAVED_INDICATOR_MS = 2000
export const GRID_ROW_HEIGHT = 34
export const TABLE_LIST_ROW_HEIGHT = 28
export const STORAGE_ROW_HEIGHT = 37
export const TIMESTAMP_PLACEHOLDER = 'yyyy-mm-dd hh:mm:ss'
export const TIMESTAMPTZ_PLACEHOLDER = 'yyyy-mm-dd hh:mm:ss+zz'
/** Data fetch retries every 5 seconds; after 3 tries it waits indefinitely. */
export const ROW_FETCH_RETRY_DELAY_MS = 5000
export const ROW_FETCH_RETRIES = 3
/** Past this many (estimated) rows a count is an estimate, never a full count(*). */
export const EXACT_COUNT_THRESHOLD = 50_000
/** Cell values longer than this are cut in the grid and fetched whole when opened. */
export const MAX_CELL_CHARACTERS = 10_240

// Table list
export const ENTITY_LIST_LIMIT = 100
export const ENTITY_TYPES = ['table', 'view', 'foreign table', 'materialized view', 'partitioned table'] as const
export type EntityType = (typeof ENTITY_TYPES)[number]
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  table: 'Table',
  view: 'View',
  'foreign table': 'Foreign table',
  'materialized view': 'Materialized view',
  'partitioned table': 'Partitioned table',
}
export const TABLE_LIST_SORTS = ['alphabetical', 'grouped-alphabetical'] as const
export type TableListSort = (typeof TABLE_LIST_SORTS)[number]

/** Schemas hidden from the table editor's schema list by default (spec 9, excluded system schemas). */
export const EXCLUDED_SCHEMAS = [
  'auth', 'cron', 'extensions', 'information_schema', 'net', 'pgsodium', 'pgsodium_masks', 'pgbouncer',
  'pgtle', 'realtime', 'storage', 'supabase_functions', 'supabase_migrations', 'vault', 'graphql',
  'graphql_public',
] as const
/**
 * Schemas always hidden (Postgres internals, and the studio's own platform store on PostgreSQL: its metadata
 * and the default project's log store, server/logs/store.ts).
 */
export const INTERNAL_SCHEMAS = ['pg_catalog', 'pg_toast', 'information_schema', '_studio', '_logs_default'] as const
/** Protected system schemas: read-only in the dashboard, tables labelled 'Locked'. */
export const PROTECTED_SCHEMAS = [...EXCLUDED_SCHEMAS] as const
export function isProtectedSchema(schema: string): boolean {
  return (PROTECTED_SCHEMAS as readonly string[]).includes(schema) || schema.startsWith('pg_')
}

// Roles
export const SYSTEM_ROLES = ['anon', 'authenticated', 'service_role', 'authenticator'] as const
export const RESERVED_ROLES = [
  'postgres', 'pgbouncer', 'supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin',
  'supabase_replication_admin', 'supabase_read_only_user', 'dashboard_user', 'pgsodium_keyholder',
  'pgsodium_keyiduser', 'pgsodium_keymaker', 'authenticator',
] as const

// Policies
export const POLICY_NAME_MAX = 63
export const STORAGE_POLICY_NAME_MAX = 50
export const ROLES_SHOWN = 3

// Shared interface
export const CONFIRM_DEFAULTS = { cancelLabel: 'Cancel', confirmLabel: 'Submit', size: 'small' } as const
export const COPIED_FEEDBACK_MS = 1000
export const TOAST_DURATION_MS = 4000

// Local storage keys
export const LS_KEYS = {
  theme: 'studio.theme',
  recentCommands: 'studio.palette.recent',
  keymapOverrides: 'studio.keymap.overrides',
  tableListSort: 'studio.table-editor.sort',
  /** Saved grid state: per project, key ending in 'grid' (spec 9). */
  grid: (ref: string) => `studio.${ref}.grid`,
  /** Storage explorer preferences (view, sortBy, sortByOrder), per project (spec 4). */
  storageExplorer: (ref: string) => `studio.${ref}.storage-explorer`,
  /** The SQL editor's row limit (SQL_ROW_LIMITS). */
  sqlRowLimit: 'studio.sql-editor.row-limit',
} as const
/** Saved grid state table key: prefixed by schema unless public (spec 9). */
export function gridTableKey(schema: string, name: string): string {
  return schema === 'public' ? name : `${schema}.${name}`
}

// SQL editor results (issue 12; the spec fixes none: Supabase's choices)
/** The row limit a run's results stop at: 'none' shows every row. */
export const SQL_ROW_LIMITS = ['100', '500', '1000', 'none'] as const
export type SqlRowLimit = (typeof SQL_ROW_LIMITS)[number]
export const SQL_ROW_LIMIT_DEFAULT: SqlRowLimit = '1000'
/** A full download must be started within this long after it was asked for (its link works once). */
export const SQL_DOWNLOAD_TTL_MS = 60_000
/** Rows per FETCH of a streamed download (memory holds one batch). */
export const SQL_DOWNLOAD_FETCH = 5000

// Storage (spec 9)
/** Folder listing page size; 'Load more' shows when exactly this many return. */
export const STORAGE_FOLDER_PAGE_SIZE = 200
export const STORAGE_RECURSIVE_PAGE_SIZE = 10_000
/** The placeholder file that keeps an empty folder; hidden from listings. */
export const STORAGE_EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder'
export const STORAGE_UPLOAD_CACHE_CONTROL = 3600
export const STORAGE_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const
export type StorageSortColumn = (typeof STORAGE_SORT_COLUMNS)[number]
export const STORAGE_SIZE_UNIT_FACTOR = 1024
/** The most a project's upload limit may be set to: 5 GB. */
export const STORAGE_SETTINGS_MAX_BYTES = 5 * 1024 ** 3
/** Free plan: a fixed 50 MB; also a new project's default limit. */
export const STORAGE_FREE_TIER_LIMIT_BYTES = 50 * 1024 ** 2
/** The global upload limit (50 GB), over any bucket or project setting. */
export const STORAGE_GLOBAL_UPLOAD_LIMIT = 53_687_091_200
export const STORAGE_RESERVED_BUCKET = 'public'
export const STORAGE_MAX_KEY_BYTES = 1024
/** Signed upload URLs are valid this long (seconds). */
export const STORAGE_SIGNED_UPLOAD_EXPIRY_S = 7200
/** Upload, download (into one zip) and folder-rename moves run this many at a time. */
export const STORAGE_UPLOAD_CONCURRENCY = 10
export const STORAGE_DOWNLOAD_CONCURRENCY = 10
export const STORAGE_FOLDER_RENAME_CONCURRENCY = 2
/** Deletes go in chunks of this many paths, this many chunks at a time. */
export const STORAGE_DELETE_CHUNK = 2
export const STORAGE_DELETE_CONCURRENCY = 2
export const STORAGE_PREVIEW_MAX_BYTES = 10_000_000
export const STORAGE_PREVIEW_WIDTH = 450
export const STORAGE_SEARCH_DEBOUNCE_MS = 300
export const STORAGE_BREADCRUMBS_MAX = 5
/** A file without metadata younger than this is still loading; older, it is corrupted (spec 4). */
export const STORAGE_CORRUPTED_AFTER_MS = 900_000
/** Signed URL presets and custom units, in seconds (spec 9). */
export const SIGNED_URL_PRESETS = { week: 604_800, month: 2_592_000, year: 31_536_000 } as const
export const SIGNED_URL_UNITS = { days: 86_400, weeks: 604_800, months: 2_592_000, years: 31_536_000 } as const
export const STORAGE_PREVIEW_EXPIRY_S = 31_536_000
export const STORAGE_VIEWS = ['COLUMNS', 'LIST'] as const
export type StorageView = (typeof STORAGE_VIEWS)[number]
export const STORAGE_SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB'] as const
export type StorageSizeUnit = (typeof STORAGE_SIZE_UNITS)[number]

// Sign-in, sessions and the server's guards (src/server/security; the studio's own choices, see README)
/** The dashboard session cookie (httpOnly, SameSite=Strict; Secure under https). */
export const SESSION_COOKIE = 'studio_session'
/** A session lasts this long from sign-in. */
export const SESSION_TTL_S = 7 * 24 * 3600
/** The header the app sends with every change; a cross-site form cannot send it. */
export const STUDIO_REQUEST_HEADER = 'x-studio-request'
/** Failed sign-ins (password or link) allowed per client address in the window, then 429 until it passes. */
export const SIGN_IN_MAX_FAILURES = 10
export const SIGN_IN_WINDOW_MS = 15 * 60_000
/** A request waits at most this long for the database (PGlite's queue, the PostgreSQL pool), then 503. */
export const DB_WAIT_TIMEOUT_MS = 30_000
/** The dashboard's own statements on PostgreSQL (not SQL-editor runs) stop after this long. */
export const DB_STATEMENT_TIMEOUT_MS = 120_000
/** PostgreSQL ends a session that stays idle inside a transaction this long. */
export const DB_IDLE_IN_TRANSACTION_TIMEOUT_MS = 120_000
/**
 * Trying a policy before saving it (the review step): each statement of the try stops after this long (its
 * transaction holds the table's lock, as a save does, until it rolls back); it shows this many rows and
 * counts up to the cap ("10,000+").
 */
export const POLICY_TRY_TIMEOUT_MS = 10_000
export const POLICY_TRY_ROW_LIMIT = 100
export const POLICY_TRY_COUNT_CAP = 10_000
/**
 * A connection that moves no byte for this long while its request arrives (a stalled CSV import or
 * upload: aborted and rolled back) or while it is idle is closed.
 */
export const BODY_STALL_TIMEOUT_MS = 30_000
/** HTTP: headers must arrive within this long; a kept-alive connection closes after the other. */
export const HTTP_HEADERS_TIMEOUT_MS = 20_000
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 10_000
/** JSON bodies nested deeper than this are refused with a 400. */
export const JSON_MAX_DEPTH = 512
/** A request must arrive whole within this long (large uploads included), else 408. */
export const HTTP_REQUEST_TIMEOUT_MS = 60 * 60_000

// ---- Data API (REST /rest/v1, GraphQL /graphql/v1) ----
/** Schemas the Data API serves until the project changes them (Supabase's defaults). */
export const REST_DEFAULT_SCHEMAS = ['public', 'graphql_public'] as const
/** Added to search_path after the exposed schema (Supabase's default). */
export const REST_DEFAULT_EXTRA_SEARCH_PATH = ['public', 'extensions'] as const
/** At most this many rows in one answer of the Data API, until the project changes it (Supabase's default). */
export const REST_DEFAULT_MAX_ROWS = 1000
/** The largest body a REST write or RPC call may send (PostgREST itself sets none; bulk inserts of many rows fit). */
export const REST_BODY_LIMIT_BYTES = 64 * 1024 * 1024
/** The largest max rows the Data API settings accept. */
export const REST_MAX_ROWS_LIMIT = 1_000_000
/** GraphQL (pg_graphql's max_rows): a collection page holds at most this many records, and this many when `first`/`last` is not given. */
export const GRAPHQL_MAX_ROWS = 30
/** Code snippets (spec 9): shorter than this many characters render inline. */
export const CODE_INLINE_MAX_CHARS = 70
/** The languages a code snippet may be in (spec 9). */
export const CODE_LANGUAGES = ['js', 'ts', 'py', 'sql', 'bash', 'dart', 'csharp', 'json', 'kotlin'] as const
export type CodeLanguage = (typeof CODE_LANGUAGES)[number] | 'sh'
/** Line numbers are hidden for these (spec 9). */
export const CODE_NO_LINE_NUMBERS: readonly string[] = ['bash', 'sh']

// ---- database indexes (issue 15): the Indexes page's hints, from pg_stat_user_tables / pg_stat_user_indexes ----
/** A table is "read by sequential scans" once it had at least this many of them… */
export const INDEX_HINT_MIN_SEQ_SCANS = 20
/** …it holds at least this many live rows (a small table is read faster without an index)… */
export const INDEX_HINT_MIN_LIVE_ROWS = 1000
/** …and its index scans are at most this share of its sequential scans (none at all when it has no index). */
export const INDEX_HINT_MAX_INDEX_SCAN_SHARE = 0.1
/** At most this many unused indexes and this many tables in the hints. */
export const INDEX_HINTS_LIMIT = 20

// ---- logs (issue 16): every service's events, kept in the platform store ----
/** Days of events kept: older day partitions are dropped whole (STUDIO_LOG_RETENTION_DAYS). */
export const LOG_RETENTION_DAYS = 7
/** Events wait in memory at most this long before they are written, in one batch per source. */
export const LOG_FLUSH_MS = 1000
/** A source with this many events waiting is written at once, without waiting for the next flush. */
export const LOG_BATCH_MAX = 5000
/** Events waiting when the store cannot be written (down, slow): past this many the oldest are dropped. */
export const LOG_QUEUE_MAX = 100_000
/** A logs query (the explorer, a source view, a report) is stopped after this long. */
export const LOGS_QUERY_TIMEOUT_MS = 15_000
/** A logs query answers at most this many rows. */
export const LOGS_QUERY_MAX_ROWS = 10_000
/** A postgres event's message: its statement, literals removed, cut to this many characters. */
export const LOG_SQL_MESSAGE_CHARS = 500
/** A postgres event's metadata.parsed.query: the same, cut to this many characters. */
export const LOG_SQL_QUERY_CHARS = 2000
/** A source view reads this many events at a time, newest first ("load older" reads the next ones). */
export const LOG_SOURCE_PAGE_ROWS = 1000
/** A source view's histogram has at most this many bars (7 days in hours). */
export const LOG_HISTOGRAM_MAX_BARS = 168
/** A source view's live tail asks for newer events this often. */
export const LOG_TAIL_POLL_MS = 3000
/** The logs explorer keeps this many recent queries (newest first, each once), per project in local storage. */
export const LOGS_RECENT_QUERIES_MAX = 50
/** The explorer's chart draws at most this many points (the first rows of a longer result). */
export const LOGS_CHART_MAX_POINTS = 2000
