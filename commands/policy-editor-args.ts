/**
 * What the two policy editors share, the table policy editor (policies-editor.ts) and the storage policy
 * modal (storage-policies.ts): the first step's choice, the template step's argument, who may save, and
 * who a policy is tried as in the review step.
 */
import { z } from 'zod'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { TRY_ROLES, UUID_PATTERN } from '../src/shared/contract/policy-try'

/** The first step: start from a template or from scratch. */
export const ChooseStartArgs = z.object({ from: z.enum(['templates', 'scratch']) })

/** The template step: the template picked, by id. */
export const UseTemplateArgs = z.object({ templateId: z.string().min(1) })

/** Saving a policy takes the right to write policies. */
export const canWritePolicies = (ctx: CommandContext) => ctx.can('sqlAdminWritePolicies') || MSG.editPoliciesPermission

/**
 * Trying the policy in the review step (policies.editor.try, storage.policies.modal.try): as whom. Each
 * argument is optional: what is not given comes from the review step's fields, so a key runs it at once.
 */
export const TryWhoArgs = z.object({
  role: z.enum(TRY_ROLES, { error: MSG.policyTryRole }).optional(),
  sub: z.string().trim().regex(UUID_PATTERN, MSG.policyTryUserId).optional(),
})

export const tryRoleOptions = () => [
  { value: 'anon', hint: 'a visitor who is not signed in' },
  { value: 'authenticated', hint: 'a signed-in user: give a user id for auth.uid()' },
]

export const TRY_KEYWORDS = ['test policy', 'simulate', 'preview', 'dry run', 'impersonate', 'anon', 'authenticated', 'rls']
