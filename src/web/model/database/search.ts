/**
 * The Database pages' URL search: most pages list one schema's objects (`?schema=`, 'public' when absent)
 * filtered by part of a name (`?search=`). A malformed value is dropped, not guessed.
 */
import { z } from 'zod'

export const schemaSearchSchema = z.object({
  schema: z.string().min(1).optional().catch(undefined),
  search: z.string().optional().catch(undefined),
})
export type SchemaSearch = z.infer<typeof schemaSearchSchema>

export const DEFAULT_SCHEMA = 'public'
