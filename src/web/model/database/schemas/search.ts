/** /database/schemas?schema= (the visualizer shows one schema at a time) */
import { z } from 'zod'

export const visualizerSearchSchema = z.object({ schema: z.string().min(1).optional().catch(undefined) })
