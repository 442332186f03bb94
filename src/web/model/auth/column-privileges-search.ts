/** The Column privileges page's URL search: the schema whose tables are listed, and the table shown. */
import { z } from 'zod'

export const columnPrivilegesSearchSchema = z.object({
  schema: z.string().min(1).max(128).optional().catch(undefined),
  /** the table's oid */
  table: z.coerce.number().int().positive().optional().catch(undefined),
})
export type ColumnPrivilegesSearch = z.output<typeof columnPrivilegesSearchSchema>
