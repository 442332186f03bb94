/** /database/extensions?search=&filter= */
import { z } from 'zod'

export const EXTENSION_FILTERS = ['all', 'installed', 'available'] as const
export type ExtensionFilter = (typeof EXTENSION_FILTERS)[number]

export const extensionsSearchSchema = z.object({
  search: z.string().optional().catch(undefined),
  /** installed: enabled ones only; available: not enabled yet; missing: all */
  filter: z.enum(EXTENSION_FILTERS).optional().catch(undefined),
})
