/** The policies page's URL search (spec 2): the schema shown and a search (a table id or any text). */
import { z } from 'zod'

export const policiesSearchSchema = z.object({
  /** absent: public */
  schema: z.string().min(1).optional().catch(undefined),
  /** a table id (the grid's RLS notice links with one) or text matched against table and policy names */
  search: z.coerce.string().optional().catch(undefined),
})
