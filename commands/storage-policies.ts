/**
 * Storage policies (spec 2 Storage policies page, 4 Storage policy modal, 5 review, 9): open the modal for
 * a bucket and step through it (selection → templates or editor → review, where the policy can be tried →
 * saved; a failed save returns to the editor), create policies from a form, edit and delete a policy. The
 * bodies are in storage-policies.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { STORAGE_OPERATION_IDS, STORAGE_POLICY_TEMPLATES, STORAGE_SQL_COMMANDS } from '../src/shared/storage-policies'
import { bucketOptions } from './bucket-args'
import { ChooseStartArgs, TRY_KEYWORDS, TryWhoArgs, UseTemplateArgs, canWritePolicies, tryRoleOptions } from './policy-editor-args'
import { MSG } from '../src/shared/messages'
import { storagePolicyModal } from '../src/web/model/storage/policies/storage-policy-state'

const load = () => import('./storage-policies.run')

const AREA = 'storage'
const inView = (...views: (typeof storagePolicyModal.view)[]) => () => storagePolicyModal.open && views.includes(storagePolicyModal.view)

async function policyOptions(ctx: CommandContext): Promise<ArgOption[]> {
  // the pick list loads the policy SQL and writes only when asked (they are not part of the first load)
  const { storagePoliciesOf } = await import('../src/web/model/storage/policies/storage-policy-writes')
  return (await storagePoliciesOf(ctx)).map((p) => ({ value: String(p.id), label: p.name, hint: `${p.command} on storage.${p.table}` }))
}

const templateOptions = (): ArgOption[] => [
  { value: 'scratch', label: 'From scratch' },
  ...STORAGE_POLICY_TEMPLATES.map((t) => ({ value: t.id, label: t.templateName })),
]

export const OpenModalArgs = z.object({ bucketId: z.string(), template: z.string().min(1).optional() })

export const openModal = defineCommand({
  id: 'storage.policies.modal.open',
  title: 'New storage policy',
  area: AREA,
  keywords: ['create storage policy', 'bucket policy', 'rls', 'template'],
  args: OpenModalArgs,
  argOptions: { bucketId: bucketOptions, template: templateOptions },
  argLabels: { bucketId: 'Bucket', template: 'Start from' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'openModal'),
})

export const chooseStart = defineCommand({
  id: 'storage.policies.modal.start',
  title: 'Start the storage policy from a template or from scratch',
  area: AREA,
  args: ChooseStartArgs,
  when: inView('selection'),
  run: lazyRun(load, 'chooseStart'),
})

export const useTemplate = defineCommand({
  id: 'storage.policies.modal.template',
  title: 'Use storage policy template',
  area: AREA,
  args: UseTemplateArgs,
  argOptions: { templateId: () => templateOptions().slice(1) },
  argLabels: { templateId: 'Template' },
  when: inView('templates'),
  run: lazyRun(load, 'useTemplate'),
})

export const review = defineCommand({
  id: 'storage.policies.modal.review',
  title: 'Review storage policy',
  area: AREA,
  when: inView('editor'),
  run: lazyRun(load, 'review'),
})

/** As whom, on which bucket's objects (none: the modal's), and the object name the probes use (none: the bucket's first). */
export const TryArgs = TryWhoArgs.extend({ bucketId: z.string().min(1).optional(), objectName: z.string().optional() })

export const tryPolicy = defineCommand({
  id: 'storage.policies.modal.try',
  title: 'Try the storage policy',
  area: AREA,
  keywords: TRY_KEYWORDS,
  args: TryArgs,
  argOptions: { role: tryRoleOptions, bucketId: bucketOptions },
  argLabels: { role: 'Try as role', sub: 'User id (authenticated only; optional)', bucketId: 'Bucket', objectName: 'Object name' },
  when: inView('review'),
  enabled: (ctx) => {
    const policy = storagePolicyModal.policy
    if (policy && (policy.schema !== 'storage' || policy.table !== 'objects')) return MSG.policyTryStorageOnly
    return canWritePolicies(ctx)
  },
  run: lazyRun(load, 'tryPolicy'),
})

export const save = defineCommand({
  id: 'storage.policies.modal.save',
  title: 'Save storage policy',
  area: AREA,
  when: inView('review'),
  enabled: canWritePolicies,
  run: lazyRun(load, 'save'),
})

export const back = defineCommand({
  id: 'storage.policies.modal.back',
  title: 'Back',
  area: AREA,
  when: inView('review', 'templates', 'editor'),
  run: lazyRun(load, 'back'),
})

export const close = defineCommand({
  id: 'storage.policies.modal.close',
  title: 'Close storage policy modal',
  area: AREA,
  when: () => storagePolicyModal.open,
  run: lazyRun(load, 'close'),
})

const operation = z.enum([...STORAGE_OPERATION_IDS, ...STORAGE_SQL_COMMANDS])
/** The palette types operations as one text: 'upload, download'. */
const operations = z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(operation))

export const CreateArgs = z.object({
  bucketId: z.string().optional(),
  name: z.string(),
  operations,
  roles: z.array(z.string().min(1)).optional(),
  definition: z.string(),
})

export const create = defineCommand({
  id: 'storage.policies.create',
  title: 'Create storage policy',
  area: AREA,
  args: CreateArgs,
  argOptions: { bucketId: bucketOptions },
  argLabels: { bucketId: 'Bucket', name: 'Policy name', operations: `Operations (${STORAGE_OPERATION_IDS.join(', ')})`, definition: 'Definition' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'create'),
})

export const EditArgs = z.object({ policyId: z.number().int().positive() })

export const edit = defineCommand({
  id: 'storage.policies.edit',
  title: 'Edit storage policy',
  area: AREA,
  args: EditArgs,
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'edit'),
})

export const RemoveArgs = z.object({ policyId: z.number().int().positive() })

export const remove = defineCommand({
  id: 'storage.policies.delete',
  title: 'Delete storage policy',
  area: AREA,
  keywords: ['remove storage policy', 'drop policy'],
  args: RemoveArgs,
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: lazyRun(load, 'remove'),
})

export const goToPage = defineCommand({
  id: 'storage.policies.go',
  title: 'Go to storage policies',
  area: AREA,
  keywords: ['storage policies', 'bucket policies', 'rls'],
  run: lazyRun(load, 'goToPage'),
})
