/**
 * The policy editor modal (spec 4 Policy editor): which view it shows, the table it writes for, the
 * policy being edited (null: a new one) and the form. Commands change it; the modal renders it.
 */
import { proxy } from 'valtio'
import { POLICY_NAME_MAX } from '../../../../shared/constants'
import { showsCheck, showsUsing, type Policy, type PolicyCommand } from '../../../../shared/policies'
import type { PolicyTemplate } from '../../../../shared/policy-templates'

export type PolicyEditorView = 'selection' | 'templates' | 'editor' | 'review'

export interface PolicyForm {
  name: string
  command: PolicyCommand | null
  definition: string
  check: string
  /** none: public */
  roles: string[]
}

export interface PolicyTarget {
  tableId: number
  schema: string
  table: string
}

const emptyForm = (): PolicyForm => ({ name: '', command: null, definition: '', check: '', roles: [] })

export const policyEditor = proxy({
  open: false,
  view: 'selection' as PolicyEditorView,
  target: null as PolicyTarget | null,
  /** the policy being edited; null for a new one */
  policy: null as Policy | null,
  form: emptyForm(),
  /** the form as it was opened, to tell unsaved edits */
  initial: emptyForm(),
  /** the review rule the form breaks (spec 5), shown by the fields */
  problem: null as string | null,
  /** the server's refusal of the last save, shown on the review */
  saveError: null as string | null,
  saving: false,
  /** bumped when the form is replaced from outside, so the SQL fields take the new text */
  revision: 0,
})

function setForm(form: PolicyForm): void {
  policyEditor.form = form
  policyEditor.initial = { ...form, roles: [...form.roles] }
  policyEditor.problem = null
  policyEditor.saveError = null
  policyEditor.revision++
}

function formOfPolicy(p: Policy): PolicyForm {
  return {
    name: p.name,
    command: p.command,
    definition: p.definition ?? '',
    check: p.check ?? '',
    roles: p.roles.filter((r) => r !== 'public'),
  }
}

export function openPolicyEditor(target: PolicyTarget, opts: { policy?: Policy; view?: PolicyEditorView } = {}): void {
  policyEditor.target = target
  policyEditor.policy = opts.policy ?? null
  policyEditor.view = opts.view ?? (opts.policy ? 'editor' : 'selection')
  setForm(opts.policy ? formOfPolicy(opts.policy) : emptyForm())
  policyEditor.saving = false
  policyEditor.open = true
}

export function closePolicyEditor(): void {
  policyEditor.open = false
  policyEditor.saving = false
}

/** Each review starts clean: a refusal of an earlier save is about SQL that may have changed since. */
export function showView(view: PolicyEditorView): void {
  policyEditor.view = view
  if (view === 'review') policyEditor.saveError = null
}

/** A fresh form for another new policy on the same table (after a create). */
export function resetForm(): void {
  setForm(emptyForm())
}

export function applyTemplate(t: PolicyTemplate): void {
  setForm({ name: t.name.slice(0, POLICY_NAME_MAX), command: t.command, definition: t.definition, check: t.check, roles: [...t.roles] })
  // a template's form is not saved yet: closing asks to discard it
  policyEditor.initial = emptyForm()
  policyEditor.view = 'editor'
}

/** Longer input than the spec's 63 characters is ignored (spec 5). */
export function setPolicyName(name: string): void {
  policyEditor.form.name = name.slice(0, POLICY_NAME_MAX)
  policyEditor.problem = null
}

/** Switching operation clears the field no longer shown (spec 5); editing a policy keeps its operation. */
export function setPolicyCommand(command: PolicyCommand): void {
  if (policyEditor.policy) return
  const form = policyEditor.form
  form.command = command
  if (!showsUsing(command)) form.definition = ''
  if (!showsCheck(command)) form.check = ''
  policyEditor.problem = null
  policyEditor.revision++
}

export function setPolicyExpression(field: 'definition' | 'check', text: string): void {
  policyEditor.form[field] = text
  policyEditor.problem = null
}

export function setPolicyRoles(roles: string[]): void {
  policyEditor.form.roles = roles
}

export function setProblem(problem: string | null): void {
  policyEditor.problem = problem
}

export function setSaving(saving: boolean, error: string | null = null): void {
  policyEditor.saving = saving
  policyEditor.saveError = error
}

export function isPolicyFormDirty(): boolean {
  const { form, initial } = policyEditor
  return (
    form.name !== initial.name ||
    form.command !== initial.command ||
    form.definition !== initial.definition ||
    form.check !== initial.check ||
    form.roles.join(',') !== initial.roles.join(',')
  )
}
