/**
 * Extensions under /platform/pg-meta/{ref}/extensions (issue 15, spec 7): the GET list is pgMeta.extensions
 * (pg-meta.ts); here enabling (POST), updating to a version or moving to a schema (PATCH ?id=name) and
 * disabling (DELETE ?id=name, CASCADE optional). Bodies and answers shaped like @supabase/postgres-meta's
 * `extensions` (name, schema, default_version, installed_version, comment).
 */
import { z } from 'zod'
import type { Extension } from '../api'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

/** The schema an extension goes into when none is chosen (created if missing). */
export const DEFAULT_EXTENSION_SCHEMA = 'extensions'

const extensionName = z.string().trim().min(1, 'Pick an extension').max(63, 'An extension name can be at most 63 characters')
const schemaName = z.string().trim().min(1, 'Please provide a schema').max(63, 'A schema name can be at most 63 characters')
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')])

export const ExtensionIdQuery = z.object({ id: extensionName })

export const ExtensionCreateBody = z
  .object({
    name: extensionName,
    /** created when missing; default 'extensions' */
    schema: schemaName.default(DEFAULT_EXTENSION_SCHEMA),
    version: z.string().trim().min(1).optional(),
    /** also create the extensions it requires */
    cascade: z.boolean().default(false),
  })
  .strict()
export type ExtensionCreateBody = z.input<typeof ExtensionCreateBody>

export const ExtensionUpdateBody = z
  .object({
    /** ALTER EXTENSION … UPDATE (to `version`, or to the default version) */
    update: z.boolean().optional(),
    version: z.string().trim().min(1).optional(),
    /** ALTER EXTENSION … SET SCHEMA (created when missing) */
    schema: schemaName.optional(),
  })
  .strict()
export type ExtensionUpdateBody = z.input<typeof ExtensionUpdateBody>

export const ExtensionDeleteQuery = ExtensionIdQuery.extend({ cascade: flag.optional() })

export const pgMetaExtensions = {
  /** answers the extension as it now is */
  createExtension: endpoint({ method: 'POST', path: `${PG_META}/extensions`, body: ExtensionCreateBody, response: type<Extension>() }),
  updateExtension: endpoint({
    method: 'PATCH', path: `${PG_META}/extensions`, query: ExtensionIdQuery, body: ExtensionUpdateBody, response: type<Extension>(),
  }),
  /** answers the extension as it was */
  deleteExtension: endpoint({ method: 'DELETE', path: `${PG_META}/extensions`, query: ExtensionDeleteQuery, response: type<Extension>() }),
}
