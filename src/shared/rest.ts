/** The project's Data API (REST and GraphQL) settings, as the dashboard reads and changes them. */
import { z } from 'zod'

export const RestConfig = z.object({
  /** schemas the API serves; the first is the default profile */
  schemas: z.array(z.string().min(1)).min(1),
  /** schemas added to search_path after the exposed one (extensions' functions and types) */
  extraSearchPath: z.array(z.string().min(1)),
  /** at most this many rows in any answer (PostgREST db-max-rows); null: no limit */
  maxRows: z.number().int().positive().nullable(),
})
export type RestConfig = z.infer<typeof RestConfig>
