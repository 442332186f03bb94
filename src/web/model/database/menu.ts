/**
 * The Database area's side menu (spec 2, Database: /project/{ref}/database/…), grouped as a Postgres user
 * looks for things: the objects of the database, who may use them, then what runs around it. Webhooks
 * show only where the pg_net extension is installed (spec); backups are a platform page (platform mode).
 */
import { paths, type RouteId } from '../../../shared/routes'

export type DatabaseSection = 'manage' | 'access' | 'platform'

export interface DatabaseMenuItem {
  label: string
  route: RouteId
  href: (ref: string) => string
  /** the navigation command (⌘K, key binding) */
  command: string
  section: DatabaseSection
  /** words the palette also finds the page by */
  keywords: string[]
  /** shown only while this extension is installed */
  extension?: 'pg_net'
}

export const DATABASE_MENU: readonly DatabaseMenuItem[] = [
  { label: 'Schema Visualizer', route: 'database.schemas', href: (ref) => paths.databaseSchemas(ref), command: 'nav.database-schemas.go', section: 'manage', keywords: ['schema', 'diagram', 'erd', 'graph', 'relations', 'foreign keys'] },
  { label: 'Tables', route: 'database.tables', href: (ref) => paths.databaseTables(ref), command: 'nav.database-tables.go', section: 'manage', keywords: ['tables', 'columns', 'definition', 'ddl'] },
  { label: 'Functions', route: 'database.functions', href: (ref) => paths.databaseFunctions(ref), command: 'nav.database-functions.go', section: 'manage', keywords: ['functions', 'procedures', 'rpc', 'plpgsql'] },
  { label: 'Triggers', route: 'database.triggers', href: (ref) => paths.databaseTriggers(ref), command: 'nav.database-triggers.go', section: 'manage', keywords: ['triggers', 'events', 'before', 'after'] },
  { label: 'Enumerated Types', route: 'database.types', href: (ref) => paths.databaseTypes(ref), command: 'nav.database-types.go', section: 'manage', keywords: ['enums', 'types', 'enumerated'] },
  { label: 'Extensions', route: 'database.extensions', href: (ref) => paths.databaseExtensions(ref), command: 'nav.database-extensions.go', section: 'manage', keywords: ['extensions', 'vector', 'pgcrypto', 'pg_trgm', 'uuid'] },
  { label: 'Indexes', route: 'database.indexes', href: (ref) => paths.databaseIndexes(ref), command: 'nav.database-indexes.go', section: 'manage', keywords: ['indexes', 'btree', 'gin', 'performance', 'scans'] },
  { label: 'Publications', route: 'database.replication', href: paths.databaseReplication, command: 'nav.database-replication.go', section: 'manage', keywords: ['publications', 'replication', 'logical', 'realtime'] },
  { label: 'Roles', route: 'database.roles', href: paths.databaseRoles, command: 'nav.database-roles.go', section: 'access', keywords: ['roles', 'users', 'login', 'grants'] },
  { label: 'Wrappers', route: 'database.wrappers', href: paths.databaseWrappers, command: 'nav.database-wrappers.go', section: 'platform', keywords: ['wrappers', 'foreign data', 'fdw', 'postgres_fdw', 'servers'] },
  { label: 'Migrations', route: 'database.migrations', href: paths.databaseMigrations, command: 'nav.database-migrations.go', section: 'platform', keywords: ['migrations', 'history', 'supabase db push', 'versions'] },
  { label: 'Webhooks', route: 'database.hooks', href: paths.databaseHooks, command: 'nav.database-hooks.go', section: 'platform', keywords: ['webhooks', 'hooks', 'pg_net', 'http'], extension: 'pg_net' },
]

export const DATABASE_SECTION_LABELS: Record<DatabaseSection, string> = {
  manage: 'Database management',
  access: 'Access control',
  platform: 'Platform',
}

/** The items shown, given the installed extensions' names. */
export function visibleDatabaseMenu(installed: ReadonlySet<string>): DatabaseMenuItem[] {
  return DATABASE_MENU.filter((item) => !item.extension || installed.has(item.extension))
}

/** The menu item of a page (nav commands take their title and path from here). */
export function databaseMenuItem(route: RouteId): DatabaseMenuItem {
  const item = DATABASE_MENU.find((i) => i.route === route)
  if (!item) throw new Error(`${route} is not in the Database menu`)
  return item
}
