/** Going to the screens that exist, and straight to a table. */
import { z } from 'zod'
import { NO_QUERY, defineCommand, someOptions } from './registry'
import { isProtectedSchema } from '../src/shared/constants'
import { MSG } from '../src/shared/messages'
import { paths, type RouteId } from '../src/shared/routes'
import { relationsQuery, searchRelations } from '../src/web/model/project/project-queries'
import { sqlEditor } from '../src/web/model/sql-editor/sql-editor'
import type { CommandContext } from '../src/web/model/app/context'
import { authFeatures, setColumnPrivilegesFlag } from '../src/web/model/auth/features'
import { databaseMenuItem } from '../src/web/model/database/menu'
import { logsMenuItem } from '../src/web/model/logs/menu'
import { extensionsQuery, installedExtensions } from '../src/web/model/database/extensions-query'

export const goToProjectHome = defineCommand({
  id: 'nav.project.go',
  title: 'Go to project home',
  area: 'navigation',
  keywords: ['home', 'overview', 'project'],
  run: (ctx) => ctx.navigate({ to: paths.project(ctx.ref) }),
})

export const goToTableEditor = defineCommand({
  id: 'nav.table-editor.go',
  title: 'Go to Table Editor',
  area: 'navigation',
  keywords: ['tables', 'data', 'grid', 'editor'],
  run: (ctx) => ctx.navigate({ to: paths.tableEditor(ctx.ref) }),
})

export const goToSqlEditor = defineCommand({
  id: 'nav.sql-editor.go',
  title: 'Go to SQL editor',
  area: 'navigation',
  keywords: ['sql', 'query', 'snippet', 'editor'],
  run: (ctx) => {
    const last = sqlEditor.lastSnippetId
    return ctx.navigate({ to: last ? paths.sqlSnippet(ctx.ref, last) : paths.sqlNew(ctx.ref) })
  },
})

export const openTable = defineCommand({
  id: 'nav.table.open',
  title: 'Open table',
  area: 'navigation',
  keywords: ['table', 'view', 'relation', 'jump'],
  args: z.object({ tableId: z.number().int().positive() }),
  argLabels: { tableId: 'Table' },
  // the server finds a relation past the first answer by its name
  argSearch: { tableId: true },
  argOptions: {
    tableId: async (ctx, _sofar, { query } = NO_QUERY) => {
      const relations = query
        ? await searchRelations(ctx.api, ctx.ref, query)
        : await ctx.queryClient.fetchQuery(relationsQuery(ctx.api, ctx.ref))
      const options = relations.data.map((r) => ({
        value: String(r.id),
        label: r.schema === 'public' ? r.name : `${r.schema}.${r.name}`,
        hint: isProtectedSchema(r.schema) ? `${r.type} · ${MSG.locked}` : r.type,
      }))
      return someOptions(options, relations.count)
    },
  },
  run: (ctx, { tableId }) => ctx.navigate({ to: paths.table(ctx.ref, tableId) }),
})

export const goToPolicies = defineCommand({
  id: 'nav.auth-policies.go',
  title: 'Go to Policies',
  area: 'navigation',
  keywords: ['rls', 'row level security', 'policies', 'auth', 'authentication'],
  run: (ctx) => ctx.navigate({ to: paths.authPolicies(ctx.ref) }),
})

// The Authentication menu's pages (src/web/model/auth/menu.ts): the settings pages need project_auth:all.
const authSettings = (ctx: CommandContext) => ctx.can('projectAuthAll') || MSG.noPermission('manage authentication')

export const goToAuthUsers = defineCommand({
  id: 'nav.auth-users.go',
  title: 'Go to Authentication: Users',
  area: 'navigation',
  keywords: ['auth', 'authentication', 'users', 'sign up', 'accounts', 'members'],
  run: (ctx) => ctx.navigate({ to: paths.authUsers(ctx.ref) }),
})

export const goToAuthProviders = defineCommand({
  id: 'nav.auth-providers.go',
  title: 'Go to Authentication: Providers',
  area: 'navigation',
  keywords: ['auth', 'providers', 'oauth', 'email', 'phone', 'anonymous', 'github', 'google', 'sign in'],
  enabled: authSettings,
  run: (ctx) => ctx.navigate({ to: paths.authProviders(ctx.ref) }),
})

export const goToAuthRateLimits = defineCommand({
  id: 'nav.auth-rate-limits.go',
  title: 'Go to Authentication: Rate limits',
  area: 'navigation',
  keywords: ['auth', 'rate limits', 'throttle', '429'],
  enabled: authSettings,
  run: (ctx) => ctx.navigate({ to: paths.authRateLimits(ctx.ref) }),
})

export const goToAuthTemplates = defineCommand({
  id: 'nav.auth-templates.go',
  title: 'Go to Authentication: Email templates',
  area: 'navigation',
  keywords: ['auth', 'email', 'templates', 'confirmation', 'invite', 'magic link', 'recovery'],
  enabled: authSettings,
  run: (ctx) => ctx.navigate({ to: paths.authTemplates(ctx.ref) }),
})

export const goToAuthUrlConfiguration = defineCommand({
  id: 'nav.auth-url-configuration.go',
  title: 'Go to Authentication: URL configuration',
  area: 'navigation',
  keywords: ['auth', 'site url', 'redirect', 'allow list', 'urls'],
  enabled: authSettings,
  run: (ctx) => ctx.navigate({ to: paths.authUrlConfiguration(ctx.ref) }),
})

export const goToAuthHooks = defineCommand({
  id: 'nav.auth-hooks.go',
  title: 'Go to Authentication: Hooks (BETA)',
  area: 'navigation',
  keywords: ['auth', 'hooks', 'custom access token', 'claims', 'jwt'],
  enabled: authSettings,
  run: (ctx) => ctx.navigate({ to: paths.authHooks(ctx.ref) }),
})

export const goToAuthEmails = defineCommand({
  id: 'nav.auth-emails.go',
  title: 'Go to Authentication: Emails',
  area: 'navigation',
  keywords: ['auth', 'emails', 'outbox', 'mail', 'smtp', 'sent'],
  enabled: authSettings,
  run: (ctx) => ctx.navigate({ to: paths.authEmails(ctx.ref) }),
})

export const goToAuthColumnPrivileges = defineCommand({
  id: 'nav.auth-column-privileges.go',
  title: 'Go to Authentication: Column privileges (ALPHA)',
  area: 'navigation',
  keywords: ['auth', 'column', 'privileges', 'grants', 'anon', 'authenticated'],
  // behind its feature flag (nav.auth-column-privileges.flag.toggle)
  when: () => authFeatures.columnPrivileges,
  run: (ctx) => ctx.navigate({ to: paths.authColumnPrivileges(ctx.ref) }),
})

export const toggleColumnPrivilegesFlag = defineCommand({
  id: 'nav.auth-column-privileges.flag.toggle',
  title: 'Column privileges (ALPHA): show in the Authentication menu',
  area: 'navigation',
  keywords: ['feature flag', 'alpha', 'column privileges', 'experimental'],
  checked: () => authFeatures.columnPrivileges,
  run: () => setColumnPrivilegesFlag(!authFeatures.columnPrivileges),
})

// The Database menu's pages (src/web/model/database/menu.ts): titles, paths and words from the menu.
function goToDatabasePage<I extends string>(id: I, route: RouteId, when?: (ctx: CommandContext) => boolean) {
  const item = databaseMenuItem(route)
  return defineCommand({
    id,
    title: `Go to Database: ${item.label}`,
    area: 'navigation',
    keywords: ['database', ...item.keywords],
    when,
    run: (ctx) => ctx.navigate({ to: item.href(ctx.ref) }),
  })
}

/** Webhooks exist only where pg_net is installed (spec), as the extensions last read say. */
const hasPgNet = (ctx: CommandContext) =>
  installedExtensions(ctx.queryClient.getQueryData(extensionsQuery(ctx.api, ctx.ref).queryKey)).has('pg_net')

export const goToDatabaseTables = goToDatabasePage('nav.database-tables.go', 'database.tables')
export const goToDatabaseSchemas = goToDatabasePage('nav.database-schemas.go', 'database.schemas')
export const goToDatabaseFunctions = goToDatabasePage('nav.database-functions.go', 'database.functions')
export const goToDatabaseTriggers = goToDatabasePage('nav.database-triggers.go', 'database.triggers')
export const goToDatabaseTypes = goToDatabasePage('nav.database-types.go', 'database.types')
export const goToDatabaseExtensions = goToDatabasePage('nav.database-extensions.go', 'database.extensions')
export const goToDatabaseIndexes = goToDatabasePage('nav.database-indexes.go', 'database.indexes')
export const goToDatabaseReplication = goToDatabasePage('nav.database-replication.go', 'database.replication')
export const goToRoles = goToDatabasePage('nav.database-roles.go', 'database.roles')
export const goToDatabaseWrappers = goToDatabasePage('nav.database-wrappers.go', 'database.wrappers')
export const goToDatabaseMigrations = goToDatabasePage('nav.database-migrations.go', 'database.migrations')
export const goToDatabaseHooks = goToDatabasePage('nav.database-hooks.go', 'database.hooks', hasPgNet)

export const goToStorage = defineCommand({
  id: 'nav.storage.go',
  title: 'Go to Storage',
  area: 'navigation',
  keywords: ['storage', 'buckets', 'files', 'objects', 'upload'],
  run: (ctx) => ctx.navigate({ to: paths.storageBuckets(ctx.ref) }),
})

export const goToApiSettings = defineCommand({
  id: 'nav.api-settings.go',
  title: 'Go to Project settings: API',
  area: 'navigation',
  keywords: ['settings', 'api', 'keys', 'anon', 'service role', 'url', 'jwt'],
  run: (ctx) => ctx.navigate({ to: paths.apiSettings(ctx.ref) }),
})

// The Logs menu's pages (src/web/model/logs/menu.ts): titles, paths and words from the menu; auth and storage
// logs only for users with those products (spec 6). (The edge source's palette title is the self-hosted name.)
function goToLogsPage<I extends string>(id: I, route: RouteId) {
  const item = logsMenuItem(route)
  return defineCommand({
    id,
    title: `Go to Logs: ${item.label}`,
    area: 'navigation',
    keywords: item.keywords,
    ...(item.permission ? { enabled: (ctx: CommandContext) => ctx.can(item.permission!) || MSG.noPermission('read these logs') } : {}),
    run: (ctx) => ctx.navigate({ to: item.href(ctx.ref) }),
  })
}

export const goToLogsExplorer = goToLogsPage('nav.logs-explorer.go', 'logs.explorer')
export const goToLogsExplorerRecent = goToLogsPage('nav.logs-explorer-recent.go', 'logs.explorer-recent')
export const goToLogsExplorerTemplates = goToLogsPage('nav.logs-explorer-templates.go', 'logs.explorer-templates')
export const goToLogsEdge = goToLogsPage('nav.logs-edge.go', 'logs.edge')
export const goToLogsPostgres = goToLogsPage('nav.logs-postgres.go', 'logs.postgres')
export const goToLogsPostgrest = goToLogsPage('nav.logs-postgrest.go', 'logs.postgrest')
export const goToLogsAuth = goToLogsPage('nav.logs-auth.go', 'logs.auth')
export const goToLogsStorage = goToLogsPage('nav.logs-storage.go', 'logs.storage')
