/** /database/tables?schema=&search= and /database/tables/{id}?view=columns|definition */
import { z } from 'zod'
export { schemaSearchSchema as tablesSearchSchema } from '../search'

export const tableSearchSchema = z.object({ view: z.enum(['columns', 'definition']).optional().catch(undefined) })
