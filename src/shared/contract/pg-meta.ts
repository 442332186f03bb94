/**
 * The database's introspection under /platform/pg-meta/{ref} (spec 7): schemas, extensions, roles,
 * relations and the table editor's list, one relation's grid shape and its definition.
 */
import { z } from 'zod'
import {
  ByIdQuery, EntitiesQuery, TableDefinitionQuery, TablesQuery, type EntitiesResponse, type Extension, type GridTable,
  type Role, type Schema, type Table, type TableDefinition, type ViewLike,
} from '../api'
import { ENTITY_LIST_LIMIT, ENTITY_TYPES } from '../constants'
import { RoleCreateBody, RoleIdQuery, RoleUpdateBody } from '../roles'
import { endpoint, type } from './endpoint'

export const PG_META = '/platform/pg-meta/:ref'

/**
 * GET entities/search: relations of every schema a person works in (not Postgres internals, not the
 * platform's system schemas) whose name or schema.name holds `search`, the best first (exact name, then
 * prefix, then substring), at most `limit`; `types` narrows to some kinds (a policy goes on tables only).
 */
export const EntitySearchQuery = z.object({
  search: z.string().default(''),
  limit: z.coerce.number().int().min(1).max(1000).default(ENTITY_LIST_LIMIT),
  types: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ENTITY_TYPES)))
    .optional(),
})

export const pgMeta = {
  schemas: endpoint({ method: 'GET', path: `${PG_META}/schemas`, response: type<Schema[]>() }),
  extensions: endpoint({ method: 'GET', path: `${PG_META}/extensions`, response: type<Extension[]>() }),

  tables: endpoint({ method: 'GET', path: `${PG_META}/tables`, query: TablesQuery, response: type<Table[]>(), byId: type<Table>() }),
  views: endpoint({ method: 'GET', path: `${PG_META}/views`, query: ByIdQuery, response: type<ViewLike[]>() }),
  materializedViews: endpoint({ method: 'GET', path: `${PG_META}/materialized-views`, query: ByIdQuery, response: type<ViewLike[]>() }),
  foreignTables: endpoint({ method: 'GET', path: `${PG_META}/foreign-tables`, query: ByIdQuery, response: type<ViewLike[]>() }),

  /** one schema's relations, searched, sorted and paged (the table editor's list) */
  entities: endpoint({ method: 'GET', path: `${PG_META}/entities`, query: EntitiesQuery, response: type<EntitiesResponse>() }),
  /** relations across schemas, by relevance (the palette's table picker); count is every match */
  searchEntities: endpoint({
    method: 'GET', path: `${PG_META}/entities/search`, query: EntitySearchQuery, response: type<EntitiesResponse>(),
  }),
  gridTable: endpoint({ method: 'GET', path: `${PG_META}/grid-table`, query: TableDefinitionQuery, response: type<GridTable>() }),
  tableDefinition: endpoint({
    method: 'GET', path: `${PG_META}/table-definition`, query: TableDefinitionQuery, response: type<TableDefinition>(),
  }),

  roles: endpoint({ method: 'GET', path: `${PG_META}/roles`, response: type<Role[]>() }),
  createRole: endpoint({ method: 'POST', path: `${PG_META}/roles`, body: RoleCreateBody, response: type<Role>() }),
  updateRole: endpoint({ method: 'PATCH', path: `${PG_META}/roles`, query: RoleIdQuery, body: RoleUpdateBody, response: type<Role>() }),
  /** answers the role as it was */
  deleteRole: endpoint({ method: 'DELETE', path: `${PG_META}/roles`, query: RoleIdQuery, response: type<Role>() }),
}
