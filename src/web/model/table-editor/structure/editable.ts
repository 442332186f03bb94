/** Why a relation's structure or rows cannot be changed from the dashboard (spec 6), or null. */
import type { GridTable } from '../../../../shared/api'
import { isProtectedSchema } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { ENTITY_TYPE_LABELS } from '../../../../shared/constants'

export const COLUMNS_PERMISSION = MSG.noPermission('change columns')
export const TABLES_PERMISSION = MSG.noPermission('change tables')

export function readonlyReason(table: Pick<GridTable, 'schema' | 'name' | 'type' | 'readonly'>): string | null {
  if (isProtectedSchema(table.schema)) return MSG.protectedSchema(table.schema)
  if (table.readonly) return `${ENTITY_TYPE_LABELS[table.type]} ${table.name} is read-only`
  return null
}
