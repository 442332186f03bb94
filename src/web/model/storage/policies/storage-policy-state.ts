/**
 * The storage policy modal (spec 4): its view, the bucket it writes for (null: storage.objects without a
 * bucket), the policy being edited (null: new ones) and the form. Commands change it; the modal renders it.
 */
import { proxy } from 'valtio'
import { POLICY_NAME_MAX, STORAGE_POLICY_NAME_MAX } from '../../../../shared/constants'
import type { Policy } from '../../../../shared/policies'
import type { StorageOperation, StoragePolicyTemplate } from '../../../../shared/storage-policies'

export type StoragePolicyView = 'selection' | 'templates' | 'editor' | 'review'

export interface StoragePolicyFormState {
  name: string
  operations: StorageOperation[]
  /** none: public */
  roles: string[]
  definition: string
}

const emptyForm = (): StoragePolicyFormState => ({ name: '', operations: [], roles: [], definition: '' })

export const storagePolicyModal = proxy({
  open: false,
  view: 'selection' as StoragePolicyView,
  bucketId: null as string | null,
  /** the policy being edited; null for new ones */
  policy: null as Policy | null,
  form: emptyForm(),
  /** the form as it was opened, to tell unsaved edits */
  initial: emptyForm(),
  /** the review rule the form breaks (spec 5), shown by its field */
  problem: null as string | null,
  saving: false,
  /** bumped when the form is replaced from outside, so the definition field takes the new text */
  revision: 0,
})

function setForm(form: StoragePolicyFormState): void {
  storagePolicyModal.form = form
  storagePolicyModal.initial = { ...form, operations: [...form.operations], roles: [...form.roles] }
  storagePolicyModal.problem = null
  storagePolicyModal.revision++
}

/** A new policy's name stops at 50 characters (spec 5); an existing one may carry a hash suffix, up to Postgres' 63. */
export const nameMax = () => (storagePolicyModal.policy ? POLICY_NAME_MAX : STORAGE_POLICY_NAME_MAX)

export function openStoragePolicyModal(bucketId: string | null, opts: { policy?: Policy; view?: StoragePolicyView } = {}): void {
  const { policy } = opts
  storagePolicyModal.bucketId = bucketId
  storagePolicyModal.policy = policy ?? null
  storagePolicyModal.view = opts.view ?? (policy ? 'editor' : 'selection')
  setForm(
    policy
      ? { name: policy.name, operations: [], roles: policy.roles.filter((r) => r !== 'public'), definition: policy.definition ?? policy.check ?? '' }
      : emptyForm(),
  )
  storagePolicyModal.saving = false
  storagePolicyModal.open = true
}

export function closeStoragePolicyModal(): void {
  storagePolicyModal.open = false
  storagePolicyModal.saving = false
}

export function showStoragePolicyView(view: StoragePolicyView): void {
  storagePolicyModal.view = view
}

export function applyStorageTemplate(t: StoragePolicyTemplate): void {
  setForm({ name: t.name.slice(0, STORAGE_POLICY_NAME_MAX), operations: [...t.operations], roles: [...t.roles], definition: t.definition })
  // a template's form is not saved yet: closing asks to discard it
  storagePolicyModal.initial = emptyForm()
  storagePolicyModal.view = 'editor'
}

export function setStoragePolicyName(name: string): void {
  storagePolicyModal.form.name = name.slice(0, nameMax())
  storagePolicyModal.problem = null
}

export function setStorageOperation(op: StorageOperation, on: boolean): void {
  const ops = storagePolicyModal.form.operations.filter((o) => o !== op)
  storagePolicyModal.form.operations = on ? [...ops, op] : ops
  storagePolicyModal.problem = null
}

export function setStoragePolicyRoles(roles: string[]): void {
  storagePolicyModal.form.roles = roles
}

export function setStoragePolicyDefinition(text: string): void {
  storagePolicyModal.form.definition = text
  storagePolicyModal.problem = null
}

export function setStoragePolicyProblem(problem: string | null): void {
  storagePolicyModal.problem = problem
}

export function setStoragePolicySaving(saving: boolean): void {
  storagePolicyModal.saving = saving
}

export function isStoragePolicyDirty(): boolean {
  const { form, initial } = storagePolicyModal
  const key = (f: StoragePolicyFormState) => JSON.stringify([f.name, [...f.operations].sort(), [...f.roles].sort(), f.definition])
  return key(form) !== key(initial)
}
