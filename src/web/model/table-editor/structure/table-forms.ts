/** The table dialogs' forms, validated with the API's own messages. */
import { z } from 'zod'
import { TableCreateBody, TableDuplicateBody } from '../../../../shared/api-edit'

export const CreateTableForm = z.object({ schema: z.string().min(1, 'Pick a schema'), name: TableCreateBody.shape.name, comment: z.string() })
export const RenameTableForm = z.object({ name: TableCreateBody.shape.name })
export const CommentTableForm = z.object({ comment: z.string() })
export const DuplicateTableForm = z.object({ name: TableDuplicateBody.shape.name, withData: z.boolean() })
