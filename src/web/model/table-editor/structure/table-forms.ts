/**
 * The table dialogs' forms, validated with the API's own messages. The new-table form (issue 12) holds
 * the table's columns too, and row level security, on by default: the table is created with them in one
 * transaction, so a column the database refuses leaves no table behind.
 */
import { z } from 'zod'
import { ColumnCreateBody, TableCreateBody, TableDuplicateBody } from '../../../../shared/api-edit'
import { MSG } from '../../../../shared/messages'
import { identityProblem, type ColumnArgs } from './column-payload'
import { isIntegerType } from './column-types'

/** One column of the new-table form. */
export const NewTableColumn = z.object({
  name: ColumnCreateBody.shape.name,
  type: ColumnCreateBody.shape.type,
  /** empty: no default */
  defaultValue: z.string(),
  isPrimaryKey: z.boolean(),
  isIdentity: z.boolean(),
  isNullable: z.boolean(),
  isUnique: z.boolean(),
})
export type NewTableColumn = z.infer<typeof NewTableColumn>

/** What a new table starts with, as Supabase's: an identity primary key and a creation time. */
export const DEFAULT_TABLE_COLUMNS: readonly NewTableColumn[] = [
  { name: 'id', type: 'int8', defaultValue: '', isPrimaryKey: true, isIdentity: true, isNullable: false, isUnique: false },
  { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', isPrimaryKey: false, isIdentity: false, isNullable: false, isUnique: false },
]

/** A column added to the form: nullable, nothing else. */
export const BLANK_TABLE_COLUMN: NewTableColumn = {
  name: '', type: '', defaultValue: '', isPrimaryKey: false, isIdentity: false, isNullable: true, isUnique: false,
}

/** The new-table command's column arguments for the form's columns (identity only where the type takes it). */
export function newTableColumnArgs(columns: readonly NewTableColumn[]): ColumnArgs[] {
  return columns.map((c) => {
    const identity = c.isIdentity && isIntegerType(c.type)
    return {
      name: c.name.trim(),
      type: c.type,
      defaultValue: identity || !c.defaultValue.trim() ? null : c.defaultValue,
      isPrimaryKey: c.isPrimaryKey,
      isIdentity: identity,
      // a primary key column holds no NULL
      isNullable: c.isPrimaryKey || identity ? false : c.isNullable,
      isUnique: c.isUnique,
    }
  })
}

/**
 * The problems of a list of new columns, by position: at least one, names unique, identity only on
 * integer types and without a default (spec 5). Shared by the form and the command's arguments.
 */
export function newColumnsProblems(columns: readonly Pick<ColumnArgs, 'name' | 'type' | 'isIdentity' | 'defaultValue'>[]): { index: number | null; field: 'name' | 'isIdentity' | null; message: string }[] {
  if (columns.length === 0) return [{ index: null, field: null, message: MSG.newTableNeedsColumn }]
  const problems: { index: number | null; field: 'name' | 'isIdentity' | null; message: string }[] = []
  const seen = new Set<string>()
  columns.forEach((c, index) => {
    const name = c.name.trim()
    if (name && seen.has(name)) problems.push({ index, field: 'name', message: MSG.duplicateColumnName(name) })
    seen.add(name)
    const identity = identityProblem(c.type, { isIdentity: c.isIdentity, defaultValue: c.defaultValue })
    if (identity) problems.push({ index, field: 'isIdentity', message: identity })
  })
  return problems
}

export const CreateTableForm = z
  .object({
    schema: z.string().min(1, 'Pick a schema'),
    name: TableCreateBody.shape.name,
    comment: z.string(),
    rls: z.boolean(),
    columns: z.array(NewTableColumn),
  })
  .superRefine((v, check) => {
    // what is sent: identity only on integer types, and then no default (its field is off)
    for (const p of newColumnsProblems(newTableColumnArgs(v.columns))) {
      check.addIssue({ code: 'custom', path: p.index === null ? ['columns'] : ['columns', p.index, p.field ?? 'name'], message: p.message })
    }
  })
export type CreateTableForm = z.infer<typeof CreateTableForm>

export const RenameTableForm = z.object({ name: TableCreateBody.shape.name })
export const CommentTableForm = z.object({ comment: z.string() })
export const DuplicateTableForm = z.object({ name: TableDuplicateBody.shape.name, withData: z.boolean() })
