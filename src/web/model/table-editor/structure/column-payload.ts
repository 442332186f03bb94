/**
 * The column commands' arguments, and the create and update payloads of spec 3 built from them: the
 * update carries only the fields that differ from the column as it is, always with isPrimaryKey.
 */
import { z } from 'zod'
import type { Column, GridTable } from '../../../../shared/api'
import {
  ColumnCreateBody, DEFAULT_VALUE_FORMATS, FOREIGN_KEY_ACTIONS, type ColumnUpdateBody, type ForeignKeySpec,
} from '../../../../shared/api-edit'
import { MSG } from '../../../../shared/messages'
import { foreignKeyOf, isPrimaryKey } from '../columns'
import { columnType, defaultValueFormat, isIntegerType } from './column-types'

/** A foreign key target as one word: 'schema.table.column' (the table name may hold dots). */
export const Reference = z.string().regex(/^[^.]+\..+\.[^.]+$/, 'A foreign key names its target as schema.table.column')

export function formatReference(schema: string, table: string, column: string): string {
  return `${schema}.${table}.${column}`
}

function parseReference(reference: string): { schema: string; table: string; column: string } {
  const first = reference.indexOf('.')
  const last = reference.lastIndexOf('.')
  return { schema: reference.slice(0, first), table: reference.slice(first + 1, last), column: reference.slice(last + 1) }
}

/** Every field of the column form but the name and type, each optional: absent means 'as it is'. */
export const columnOptionShape = {
  defaultValue: z.string().nullable().optional(),
  defaultValueFormat: z.enum(DEFAULT_VALUE_FORMATS).optional(),
  isNullable: z.boolean().optional(),
  isUnique: z.boolean().optional(),
  isPrimaryKey: z.boolean().optional(),
  isIdentity: z.boolean().optional(),
  check: z.string().nullable().optional(),
  comment: z.string().nullable().optional(),
  /** null removes the foreign key */
  references: Reference.nullable().optional(),
  onDelete: z.enum(FOREIGN_KEY_ACTIONS).optional(),
}

export const ColumnArgs = z.object({
  name: ColumnCreateBody.shape.name,
  type: ColumnCreateBody.shape.type,
  ...columnOptionShape,
})
export type ColumnArgs = z.infer<typeof ColumnArgs>
export type ColumnChanges = Partial<ColumnArgs>

/** Empty text means 'none'. */
const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() ? v : null)

/** Spec 5: identity only for integer types, and an identity column has no default of its own. */
export function identityProblem(type: string, args: ColumnChanges): string | null {
  if (!args.isIdentity) return null
  if (!isIntegerType(type)) return MSG.identityIntegerOnly
  if (orNull(args.defaultValue)) return 'An identity column gets its values from the identity: leave the default empty'
  return null
}

function foreignKeySpec(args: ColumnChanges): ForeignKeySpec | null | undefined {
  if (args.references === undefined) return undefined
  if (args.references === null) return null
  const { schema, table, column } = parseReference(args.references)
  return { targetTableSchema: schema, targetTableName: table, targetColumnName: column, deletionAction: args.onDelete ?? 'NO ACTION' }
}

function defaultFields(args: ColumnChanges) {
  const value = orNull(args.defaultValue)
  if (value === undefined) return {}
  if (value === null) return { defaultValue: null }
  return { defaultValue: value, defaultValueFormat: args.defaultValueFormat ?? defaultValueFormat(value) }
}

export function createColumnBody(tableId: number, args: ColumnArgs): ColumnCreateBody {
  return {
    tableId,
    name: args.name,
    type: args.type,
    ...defaultFields(args),
    isNullable: args.isNullable,
    isUnique: args.isUnique,
    isPrimaryKey: args.isPrimaryKey,
    isIdentity: args.isIdentity,
    check: orNull(args.check),
    comment: orNull(args.comment),
    foreignKey: foreignKeySpec(args),
  }
}

function currentForeignKey(table: GridTable, column: Column): ForeignKeySpec | null {
  const fk = foreignKeyOf(table, column.name)
  if (!fk) return null
  return {
    targetTableSchema: fk.target_table_schema,
    targetTableName: fk.target_table_name,
    targetColumnName: fk.target_column_name,
    deletionAction: fk.deletion_action as ForeignKeySpec['deletionAction'],
  }
}

const sameForeignKey = (a: ForeignKeySpec | null, b: ForeignKeySpec | null) => JSON.stringify(a) === JSON.stringify(b)

/** Spec 3: only what changed, always with isPrimaryKey. A changed on-delete action alone changes the key. */
export function updateColumnBody(table: GridTable, column: Column, changes: ColumnChanges): ColumnUpdateBody {
  const body: ColumnUpdateBody = { isPrimaryKey: changes.isPrimaryKey ?? isPrimaryKey(table, column.name) }
  if (changes.name !== undefined && changes.name !== column.name) body.name = changes.name
  if (changes.type !== undefined && changes.type !== columnType(column)) body.type = changes.type
  const defaults = defaultFields(changes)
  if (defaults.defaultValue !== undefined && defaults.defaultValue !== column.default_value) Object.assign(body, defaults)
  if (changes.isNullable !== undefined && changes.isNullable !== column.is_nullable) body.isNullable = changes.isNullable
  if (changes.isUnique !== undefined && changes.isUnique !== column.is_unique) body.isUnique = changes.isUnique
  if (changes.isIdentity !== undefined && changes.isIdentity !== column.is_identity) body.isIdentity = changes.isIdentity
  const check = orNull(changes.check)
  if (check !== undefined && check !== column.check) body.check = check
  const comment = orNull(changes.comment)
  if (comment !== undefined && comment !== column.comment) body.comment = comment
  const current = currentForeignKey(table, column)
  const wanted = changes.references === undefined && changes.onDelete && current
    ? { ...current, deletionAction: changes.onDelete }
    : foreignKeySpec(changes)
  if (wanted !== undefined && !sameForeignKey(wanted, current)) body.foreignKey = wanted
  return body
}
