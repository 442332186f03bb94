/** The bodies of policies-editor.ts's commands. */
import type { z } from 'zod'
import type { ChooseStartArgs, UseTemplateArgs } from './policy-editor-args'
import type { TryPolicyArgs } from './policies-editor'
import type { CommandContext } from '../src/web/model/app/context'
import {
  applyTemplate, closePolicyEditor, isPolicyFormDirty, policyEditor, resetForm, setProblem, setSaving, showView,
} from '../src/web/model/auth/policies/policy-editor-state'
import {
  confirmDiscard, createPolicy, policyChange, reviewOfForm, updatePolicy, usableTemplate,
} from '../src/web/model/auth/policies/policy-writes'
import { tryPolicyForm } from '../src/web/model/auth/policies/policy-try'

export const chooseStart = (_ctx: CommandContext, { from }: z.infer<typeof ChooseStartArgs>) =>
  showView(from === 'templates' ? 'templates' : 'editor')

export const useTemplate = (_ctx: CommandContext, { templateId }: z.infer<typeof UseTemplateArgs>) =>
  applyTemplate(usableTemplate(policyEditor.target, templateId))

export const reviewPolicy = () => {
  const review = reviewOfForm()
  if ('problem' in review) return setProblem(review.problem)
  setProblem(null)
  showView('review')
}

export const tryPolicy = (ctx: CommandContext, args: z.infer<typeof TryPolicyArgs>) => tryPolicyForm(ctx, args)

export const savePolicy = async (ctx: CommandContext) => {
  const { form, policy, target } = policyEditor
  if (!target || policyEditor.saving) return
  setSaving(true)
  let refusal = ''
  const onError = (message: string) => void (refusal = message)
  const saved = await (policy
    ? updatePolicy(ctx, policy, policyChange(policy, form), onError)
    : createPolicy(ctx, { schema: target.schema, name: target.table }, { ...form, command: form.command! }, onError)
  ).catch((e: unknown) => {
    setSaving(false)
    throw e
  })
  // stay on the review, so nothing typed is lost: Back leads to the fields
  if (!saved) return setSaving(false, refusal)
  setSaving(false)
  if (policy) return closePolicyEditor()
  resetForm()
  showView('editor')
}

export const backInEditor = () => {
  if (policyEditor.view === 'review') return showView('editor')
  if (!policyEditor.policy) showView('selection')
}

export const closeEditor = async (ctx: CommandContext) => {
  if (isPolicyFormDirty() && !(await confirmDiscard(ctx))) return false
  closePolicyEditor()
  return true
}
