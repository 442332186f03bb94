/** The dashboard's database API under /platform/pg-meta/:ref (spec section 7; src/shared/contract/pg-meta.ts). */
import type { FastifyInstance } from 'fastify'
import { pgMeta } from '../../shared/contract/pg-meta'
import type { Driver } from '../db/driver'
import { notFound } from '../errors'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import type { PlatformStore } from '../platform/store'
import { route } from '../route'
import { rowRoutes } from '../rows/routes'
import { columnPrivilegeRoutes } from './column-privileges'
import { listEntities, searchEntities } from './entities'
import { listExtensions } from './extensions'
import { gridTable } from './grid-table'
import { policyRoutes } from './policies-routes'
import { policyTryRoutes } from './policy-try'
import { queryRoutes } from './query'
import { roleRoutes } from './roles-routes'
import { listSchemas } from './schemas'
import { structureRoutes } from './structure-routes'
import { tableDefinition } from './table-definition'
import { listTables } from './tables'
import { databaseTablesRoutes } from './tables-page-routes'
import { functionRoutes } from './functions-routes'
import { triggerRoutes } from './triggers-routes'
import { indexRoutes } from './indexes-routes'
import { typeRoutes } from './types-routes'
import { extensionRoutes } from './extensions-routes'
import { publicationRoutes } from './publications-routes'
import { wrapperRoutes } from './wrappers-routes'
import { migrationRoutes } from './migrations-routes'
import { hookRoutes } from './hooks-routes'
import { schemaGraphRoutes } from './schema-graph-routes'
import { listViews } from './views'

/** `platform`: the platform store, where SQL result download links wait (any studio sharing it opens them). */
export function pgMetaRoutes(db: Driver, permissions: Permissions, platform: PlatformStore) {
  return async function routes(app: FastifyInstance) {
    app.addHook('onRequest', knownProject)
    // Everything here reads the project's database (tenant SQL admin read); running SQL also writes (spec 6).
    app.addHook('preHandler', permissions.require('tenantSqlAdminRead'))

    route(app, pgMeta.schemas, () => listSchemas(db))
    route(app, pgMeta.extensions, () => listExtensions(db))
    roleRoutes(app, db, permissions)

    route(app, pgMeta.tables, async ({ query }) => {
      const tables = await listTables(db, query)
      if (query.id === undefined) return tables
      const table = tables[0]
      if (!table) throw notFound(`Table ${query.id} not found`)
      return table
    })
    route(app, pgMeta.views, ({ query }) => listViews(db, 'view', query))
    route(app, pgMeta.materializedViews, ({ query }) => listViews(db, 'materialized-view', query))
    route(app, pgMeta.foreignTables, ({ query }) => listViews(db, 'foreign-table', query))

    route(app, pgMeta.entities, ({ query }) => listEntities(db, query))
    route(app, pgMeta.searchEntities, ({ query }) => searchEntities(db, query))
    route(app, pgMeta.gridTable, ({ query }) => gridTable(db, query.id))
    route(app, pgMeta.tableDefinition, ({ query }) => tableDefinition(db, query.id))
    rowRoutes(app, db, permissions)
    structureRoutes(app, db, permissions)
    policyRoutes(app, db, permissions)
    policyTryRoutes(app, db, permissions)
    columnPrivilegeRoutes(app, db, permissions)
    // the Database pages (issue 15), one module per kind of object
    databaseTablesRoutes(app, db, permissions)
    functionRoutes(app, db, permissions)
    triggerRoutes(app, db, permissions)
    indexRoutes(app, db, permissions)
    typeRoutes(app, db, permissions)
    extensionRoutes(app, db, permissions)
    publicationRoutes(app, db, permissions)
    wrapperRoutes(app, db, permissions)
    migrationRoutes(app, db, permissions)
    hookRoutes(app, db, permissions)
    schemaGraphRoutes(app, db, permissions)

    const write = { preHandler: permissions.require('tenantSqlAdminWrite') }
    queryRoutes(app, db, write, platform)
  }
}
