/** The Emails page's URL search: the mail open in the reading pane. */
import { z } from 'zod'

export const emailsSearchSchema = z.object({
  mail: z.string().uuid().optional().catch(undefined),
})
export type EmailsSearch = z.output<typeof emailsSearchSchema>
