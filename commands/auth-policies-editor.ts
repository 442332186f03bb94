/**
 * Inside the policy editor (spec 4): choose how to start, use a template, review, save, go back, close
 * (with the discard check). Its buttons and keys run these, so a test steps through the editor headless.
 */
import { z } from 'zod'
import { defineCommand } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import {
  applyTemplate, closePolicyEditor, isPolicyFormDirty, policyEditor, resetForm, setProblem, setSaving, showView,
} from '../src/web/model/auth/policies/policy-editor-state'
import {
  confirmDiscard, createPolicy, policyChange, reviewOfForm, updatePolicy, usableTemplate,
} from '../src/web/model/auth/policies/policy-writes'

const AREA = 'auth'
const canWritePolicies = (ctx: CommandContext) => ctx.can('sqlAdminWritePolicies') || MSG.editPoliciesPermission
const inView = (...views: (typeof policyEditor.view)[]) => () => policyEditor.open && views.includes(policyEditor.view)

export const chooseStart = defineCommand({
  id: 'policies.editor.start',
  title: 'Start the policy from a template or from scratch',
  area: AREA,
  args: z.object({ from: z.enum(['templates', 'scratch']) }),
  when: inView('selection'),
  run: (_ctx, { from }) => showView(from === 'templates' ? 'templates' : 'editor'),
})

export const useTemplate = defineCommand({
  id: 'policies.editor.template.use',
  title: 'Use policy template',
  area: AREA,
  args: z.object({ templateId: z.string().min(1) }),
  when: inView('templates'),
  run: (_ctx, { templateId }) => applyTemplate(usableTemplate(policyEditor.target, templateId)),
})

export const reviewPolicy = defineCommand({
  id: 'policies.editor.review',
  title: 'Review policy',
  area: AREA,
  when: inView('editor'),
  run: () => {
    const review = reviewOfForm()
    if ('problem' in review) return setProblem(review.problem)
    setProblem(null)
    showView('review')
  },
})

export const savePolicy = defineCommand({
  id: 'policies.editor.save',
  title: 'Save policy',
  area: AREA,
  when: inView('review'),
  enabled: canWritePolicies,
  run: async (ctx) => {
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
  },
})

export const backInEditor = defineCommand({
  id: 'policies.editor.back',
  title: 'Back',
  area: AREA,
  when: inView('review', 'templates', 'editor'),
  run: () => {
    if (policyEditor.view === 'review') return showView('editor')
    if (!policyEditor.policy) showView('selection')
  },
})

export const closeEditor = defineCommand({
  id: 'policies.editor.close',
  title: 'Close policy editor',
  area: AREA,
  when: () => policyEditor.open,
  run: async (ctx) => {
    if (isPolicyFormDirty() && !(await confirmDiscard(ctx))) return false
    closePolicyEditor()
    return true
  },
})
