/**
 * The column side panel's form (spec 3 column form, spec 5 rules): its values, validated with the shared
 * name and type messages, filled from a column, and turned into the column commands' arguments.
 */
import { z } from 'zod'
import type { Column, GridTable } from '../../../../shared/api'
import { ColumnCreateBody, DEFAULT_VALUE_FORMATS, FOREIGN_KEY_ACTIONS } from '../../../../shared/api-edit'
import { foreignKeyOf, isPrimaryKey } from '../columns'
import { formatReference, identityProblem, type ColumnArgs } from './column-payload'
import { columnType, joinType, splitType } from './column-types'

const ForeignKeyValues = z.object({
  schema: z.string().min(1, 'Pick a schema'),
  table: z.string().min(1, 'Pick a table'),
  column: z.string().min(1, 'Pick the column to reference'),
  onDelete: z.enum(FOREIGN_KEY_ACTIONS),
})

export const ColumnFormValues = z
  .object({
    name: ColumnCreateBody.shape.name,
    /** the type without the [] of an array */
    type: ColumnCreateBody.shape.type,
    isArray: z.boolean(),
    defaultValue: z.string(),
    /** null: as the text reads (spec 5) */
    defaultValueFormat: z.enum(DEFAULT_VALUE_FORMATS).nullable(),
    isIdentity: z.boolean(),
    isNullable: z.boolean(),
    isUnique: z.boolean(),
    isPrimaryKey: z.boolean(),
    check: z.string(),
    comment: z.string(),
    foreignKey: ForeignKeyValues.nullable(),
  })
  .superRefine((v, check) => {
    const problem = identityProblem(joinType(v.type, v.isArray), { isIdentity: v.isIdentity, defaultValue: v.defaultValue })
    if (problem) check.addIssue({ code: 'custom', path: ['isIdentity'], message: problem })
  })
export type ColumnFormValues = z.infer<typeof ColumnFormValues>

export const NEW_COLUMN: ColumnFormValues = {
  name: '',
  type: '',
  isArray: false,
  defaultValue: '',
  defaultValueFormat: null,
  isIdentity: false,
  isNullable: true,
  isUnique: false,
  isPrimaryKey: false,
  check: '',
  comment: '',
  foreignKey: null,
}

export function columnFormOf(table: GridTable, column: Column): ColumnFormValues {
  const { base, isArray } = splitType(columnType(column))
  const fk = foreignKeyOf(table, column.name)
  return {
    name: column.name,
    type: base,
    isArray,
    defaultValue: column.default_value ?? '',
    defaultValueFormat: null,
    isIdentity: column.is_identity,
    isNullable: column.is_nullable,
    isUnique: column.is_unique,
    isPrimaryKey: isPrimaryKey(table, column.name),
    check: column.check ?? '',
    comment: column.comment ?? '',
    foreignKey: fk
      ? {
          schema: fk.target_table_schema,
          table: fk.target_table_name,
          column: fk.target_column_name,
          onDelete: fk.deletion_action as (typeof FOREIGN_KEY_ACTIONS)[number],
        }
      : null,
  }
}

/** Every field, as the column commands take them (an update sends only what differs). */
export function columnArgsOf(v: ColumnFormValues): ColumnArgs {
  return {
    name: v.name.trim(),
    type: joinType(v.type, v.isArray),
    defaultValue: v.isIdentity ? '' : v.defaultValue,
    defaultValueFormat: v.defaultValueFormat ?? undefined,
    isNullable: v.isNullable && !v.isIdentity && !v.isPrimaryKey,
    isUnique: v.isUnique,
    isPrimaryKey: v.isPrimaryKey,
    isIdentity: v.isIdentity,
    check: v.check,
    comment: v.comment,
    references: v.foreignKey ? formatReference(v.foreignKey.schema, v.foreignKey.table, v.foreignKey.column) : null,
    onDelete: v.foreignKey?.onDelete,
  }
}
