/** The dashboard's database API under /platform/pg-meta/:ref (spec section 7). */
import type { FastifyInstance } from 'fastify'
import {
  ByIdQuery, EntitiesQuery, FormatBody, QueryBody, TableDefinitionQuery, TablesQuery,
} from '../../shared/api'
import { DEFAULT_PROJECT_REF } from '../../shared/constants'
import { CancelQueryBody, RunQueryBody } from '../../shared/content'
import type { Driver } from '../db/driver'
import { notFound, parse } from '../errors'
import type { Permissions } from '../permissions'
import { projectNotFound } from '../platform/projects'
import { rowRoutes } from '../rows/routes'
import { listEntities } from './entities'
import { listExtensions } from './extensions'
import { gridTable } from './grid-table'
import { policyRoutes } from './policies-routes'
import { QueryRuns, formatQuery, runQuery } from './query'
import { roleRoutes } from './roles-routes'
import { listSchemas } from './schemas'
import { structureRoutes } from './structure-routes'
import { tableDefinition } from './table-definition'
import { listTables } from './tables'
import { listViews, type ViewKind } from './views'

export function pgMetaRoutes(db: Driver, permissions: Permissions) {
  return async function routes(app: FastifyInstance) {
    app.addHook('onRequest', async (req) => {
      if ((req.params as { ref?: string }).ref !== DEFAULT_PROJECT_REF) throw projectNotFound()
    })
    // Everything here reads the project's database (tenant SQL admin read); running SQL also writes (spec 6).
    app.addHook('preHandler', permissions.require('tenantSqlAdminRead'))

    app.get('/schemas', () => listSchemas(db))
    app.get('/extensions', () => listExtensions(db))
    roleRoutes(app, db, permissions)

    app.get('/tables', async (req) => {
      const query = parse(TablesQuery, req.query)
      const tables = await listTables(db, query)
      if (query.id === undefined) return tables
      const table = tables[0]
      if (!table) throw notFound(`Table ${query.id} not found`)
      return table
    })
    for (const kind of ['view', 'materialized-view', 'foreign-table'] satisfies ViewKind[]) {
      app.get(`/${kind}s`, (req) => listViews(db, kind, parse(ByIdQuery, req.query)))
    }

    app.get('/entities', (req) => listEntities(db, parse(EntitiesQuery, req.query)))
    app.get('/grid-table', (req) => gridTable(db, parse(TableDefinitionQuery, req.query).id))
    app.get('/table-definition', (req) => tableDefinition(db, parse(TableDefinitionQuery, req.query).id))
    rowRoutes(app, db, permissions)
    structureRoutes(app, db, permissions)
    policyRoutes(app, db, permissions)

    app.post('/query', { preHandler: permissions.require('tenantSqlAdminWrite') }, (req) =>
      runQuery(db, parse(QueryBody, req.body).query),
    )
    app.post('/query/format', async (req) => ({ formatted: formatQuery(parse(FormatBody, req.body).query) }))
    const runs = new QueryRuns(db)
    app.post('/query/run', { preHandler: permissions.require('tenantSqlAdminWrite') }, (req) => runs.run(parse(RunQueryBody, req.body)))
    app.post('/query/cancel', { preHandler: permissions.require('tenantSqlAdminWrite') }, async (req) => ({
      cancelled: await runs.cancel(parse(CancelQueryBody, req.body).runId),
    }))
  }
}
