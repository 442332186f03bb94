/**
 * What the two policy editors share, the table policy editor (policies-editor.ts) and the storage policy
 * modal (storage-policies.ts): the first step's choice, the template step's argument, and who may save.
 */
import { z } from 'zod'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'

/** The first step: start from a template or from scratch. */
export const ChooseStartArgs = z.object({ from: z.enum(['templates', 'scratch']) })

/** The template step: the template picked, by id. */
export const UseTemplateArgs = z.object({ templateId: z.string().min(1) })

/** Saving a policy takes the right to write policies. */
export const canWritePolicies = (ctx: CommandContext) => ctx.can('sqlAdminWritePolicies') || MSG.editPoliciesPermission
