/**
 * Types under /platform/pg-meta/{ref}/types (issue 15, the Enumerated Types page), shaped like
 * @supabase/postgres-meta's type: the list (enums with their values in order; composites with their
 * attributes), create an enum, change it (rename, add a value before/after one or at the end, rename a value),
 * drop it. Writes need tenant SQL admin write.
 */
import { z } from 'zod'
import { MSG } from '../messages'
import { endpoint, type } from './endpoint'

const PG_META = '/platform/pg-meta/:ref'

export interface PgType {
  id: number
  name: string
  schema: string
  /** format_type: how Postgres names it in a column's type ("mood", "other.mood") */
  format: string
  /** an enum's values, in their order (pg_enum.enumsortorder); empty for other types */
  enums: string[]
  /** a composite's attributes; empty for other types */
  attributes: { name: string; type_id: number }[]
  comment: string | null
  /** the composite's relation oid, or null */
  type_relation_id: number | null
}

const boolish = z.enum(['true', 'false']).transform((v) => v === 'true')

export const TypesQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  schema: z.string().min(1).optional(),
  /** only enumerated types */
  enums_only: boolish.optional(),
})

const typeName = z.string().trim().min(1, 'Please provide a name for the type').max(63, 'A type name can be at most 63 characters')
/** An enum label: a literal of at most 63 bytes (NAMEDATALEN - 1). */
export const EnumValue = z
  .string()
  .min(1, 'A value cannot be empty')
  .refine((v) => new TextEncoder().encode(v).length <= 63, 'A value can be at most 63 bytes')

const distinct = (values: readonly string[]) => values.find((v, i) => values.indexOf(v) !== i)

export const TypeCreateBody = z
  .object({
    name: typeName,
    schema: z.string().min(1).default('public'),
    values: z.array(EnumValue).min(1, 'Add at least one value'),
  })
  .strict()
  .superRefine((body, ctx) => {
    const twice = distinct(body.values)
    if (twice !== undefined) ctx.addIssue({ code: 'custom', path: ['values'], message: MSG.typeValueDuplicate(twice) })
  })
export type TypeCreateBody = z.input<typeof TypeCreateBody>

/**
 * One or more changes: the renames run in one transaction; a new value is added after them, by its own
 * statement outside a transaction (ALTER TYPE … ADD VALUE), so `before`/`after` name a value as it is once
 * renamed. Without either, the value goes at the end.
 */
export const TypeUpdateBody = z
  .object({
    name: typeName.optional(),
    rename_value: z.object({ from: EnumValue, to: EnumValue }).strict().optional(),
    add_value: z
      .object({ value: EnumValue, before: EnumValue.optional(), after: EnumValue.optional() })
      .strict()
      .refine((a) => a.before === undefined || a.after === undefined, 'A new value goes either before or after another one')
      .optional(),
  })
  .strict()
export type TypeUpdateBody = z.input<typeof TypeUpdateBody>

export const TypeIdQuery = z.object({ id: z.coerce.number().int().positive() })
export const TypeDeleteQuery = TypeIdQuery.extend({ cascade: boolish.optional() })

export const pgMetaTypes = {
  types: endpoint({ method: 'GET', path: `${PG_META}/types`, query: TypesQuery, response: type<PgType[]>(), byId: type<PgType>() }),
  createType: endpoint({ method: 'POST', path: `${PG_META}/types`, body: TypeCreateBody, response: type<PgType>() }),
  updateType: endpoint({ method: 'PATCH', path: `${PG_META}/types`, query: TypeIdQuery, body: TypeUpdateBody, response: type<PgType>() }),
  /** answers the type as it was */
  deleteType: endpoint({ method: 'DELETE', path: `${PG_META}/types`, query: TypeDeleteQuery, response: type<PgType>() }),
}
