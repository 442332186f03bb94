/** The search parameters of the Logs pages: the time range (time-range.ts), the explorer's SQL, a source's search text. */
import { z } from 'zod'
import { logRangeSearch } from './time-range'

export const explorerSearchSchema = logRangeSearch.extend({ sql: z.string().optional().catch(undefined) })
export const sourceSearchSchema = logRangeSearch.extend({ search: z.string().optional().catch(undefined) })
export type ExplorerSearch = z.infer<typeof explorerSearchSchema>
export type SourceSearch = z.infer<typeof sourceSearchSchema>
