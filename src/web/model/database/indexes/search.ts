/** /database/indexes?schema=&search=&table= (table: one table's indexes, by name, within the schema). */
import { z } from 'zod'
import { schemaSearchSchema } from '../search'

export const indexesSearchSchema = schemaSearchSchema.extend({
  table: z.string().min(1).optional().catch(undefined),
})
export type IndexesSearch = z.infer<typeof indexesSearchSchema>
