/**
 * Publications under /platform/pg-meta/{ref}/publications (issue 15, spec 7): listed, created (for all tables
 * or for chosen ones, with the operations they publish), changed (operations, the set of tables) and dropped.
 * Answers shaped like @supabase/postgres-meta's `publications`: `tables` is null for FOR ALL TABLES.
 */
import { z } from 'zod'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

export const PUBLICATION_OPERATIONS = ['insert', 'update', 'delete', 'truncate'] as const
export type PublicationOperation = (typeof PUBLICATION_OPERATIONS)[number]

export interface PublicationTable {
  id: number
  name: string
  schema: string
}

export interface Publication {
  id: number
  name: string
  owner: string
  publish_insert: boolean
  publish_update: boolean
  publish_delete: boolean
  publish_truncate: boolean
  /** null when the publication is FOR ALL TABLES */
  tables: PublicationTable[] | null
}

const publicationName = z.string().trim().min(1, 'Please provide a name for the publication').max(63, 'A publication name can be at most 63 characters')
/** tables as "schema.name" (or a table id) */
const tableRef = z.union([z.number().int().positive(), z.string().trim().min(1)])

export const PublicationIdQuery = z.object({ id: z.coerce.number().int().positive() })

export const PublicationCreateBody = z
  .object({
    name: publicationName,
    /** null or missing: FOR ALL TABLES; [] a publication with no table yet */
    tables: z.array(tableRef).nullable().optional(),
    publish_insert: z.boolean().default(true),
    publish_update: z.boolean().default(true),
    publish_delete: z.boolean().default(true),
    publish_truncate: z.boolean().default(true),
  })
  .strict()
export type PublicationCreateBody = z.input<typeof PublicationCreateBody>

export const PublicationUpdateBody = z
  .object({
    name: publicationName.optional(),
    publish_insert: z.boolean().optional(),
    publish_update: z.boolean().optional(),
    publish_delete: z.boolean().optional(),
    publish_truncate: z.boolean().optional(),
    /** the whole set of tables (SET TABLE); not for a FOR ALL TABLES publication */
    tables: z.array(tableRef).optional(),
  })
  .strict()
export type PublicationUpdateBody = z.input<typeof PublicationUpdateBody>

export const pgMetaPublications = {
  publications: endpoint({ method: 'GET', path: `${PG_META}/publications`, response: type<Publication[]>() }),
  createPublication: endpoint({ method: 'POST', path: `${PG_META}/publications`, body: PublicationCreateBody, response: type<Publication>() }),
  updatePublication: endpoint({
    method: 'PATCH', path: `${PG_META}/publications`, query: PublicationIdQuery, body: PublicationUpdateBody, response: type<Publication>(),
  }),
  /** answers the publication as it was */
  deletePublication: endpoint({ method: 'DELETE', path: `${PG_META}/publications`, query: PublicationIdQuery, response: type<Publication>() }),
}
