/**
 * Storage policies (spec 2 Storage policies page, 4 Storage policy modal, 5 review, 9): open the modal for
 * a bucket and step through it (selection → templates or editor → review → saved; a failed save returns
 * to the editor), create policies from a form, edit and delete a policy.
 */
import { z } from 'zod'
import { defineCommand, CommandError, type ArgOption } from './registry'
import type { CommandContext } from '../src/web/model/app/context'
import { MSG } from '../src/shared/messages'
import { paths } from '../src/shared/routes'
import {
  STORAGE_OPERATION_IDS, STORAGE_POLICY_TEMPLATES, STORAGE_SQL_COMMANDS, storagePolicyTemplate,
} from '../src/shared/storage-policies'
import { confirmDiscard, deletePolicyConfirmed } from '../src/web/model/auth/policies/policy-writes'
import { bucketOptions, existingBucket } from './bucket-args'
import {
  applyStorageTemplate, closeStoragePolicyModal, isStoragePolicyDirty, openStoragePolicyModal, showStoragePolicyView,
  setStoragePolicyProblem, setStoragePolicySaving, storagePolicyModal,
} from '../src/web/model/storage/policies/storage-policy-state'
import {
  createStoragePolicies, storagePoliciesOf, storagePolicyOf, storageReviewOfForm, updateStoragePolicy,
} from '../src/web/model/storage/policies/storage-policy-writes'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'

const AREA = 'storage'
/** The modal's bucket choice for policies on storage.objects that belong to no bucket. */
const NO_BUCKET = ''

const canWritePolicies = (ctx: CommandContext) => ctx.can('sqlAdminWritePolicies') || MSG.editPoliciesPermission
const inView = (...views: (typeof storagePolicyModal.view)[]) => () => storagePolicyModal.open && views.includes(storagePolicyModal.view)

async function policyOptions(ctx: CommandContext): Promise<ArgOption[]> {
  return (await storagePoliciesOf(ctx)).map((p) => ({ value: String(p.id), label: p.name, hint: `${p.command} on storage.${p.table}` }))
}

const templateOptions = (): ArgOption[] => [
  { value: 'scratch', label: 'From scratch' },
  ...STORAGE_POLICY_TEMPLATES.map((t) => ({ value: t.id, label: t.templateName })),
]

/** The bucket, checked to exist; '' or none: storage.objects without a bucket condition. */
async function bucketIdOf(ctx: CommandContext, bucketId: string | undefined): Promise<string | null> {
  return bucketId ? (await existingBucket(ctx, bucketId)).id : null
}

function templateOf(id: string) {
  const template = storagePolicyTemplate(id)
  if (!template) throw new CommandError(`There is no storage policy template "${id}"`, 'invalid-args')
  return template
}

async function showPage(ctx: CommandContext): Promise<void> {
  if (!ctx.route.matches('storage.policies')) await ctx.navigate({ to: paths.storagePolicies(ctx.ref) })
}

export const openModal = defineCommand({
  id: 'storage.policies.modal.open',
  title: 'New storage policy',
  area: AREA,
  keywords: ['create storage policy', 'bucket policy', 'rls', 'template'],
  args: z.object({ bucketId: z.string(), template: z.string().min(1).optional() }),
  argOptions: { bucketId: bucketOptions, template: templateOptions },
  argLabels: { bucketId: 'Bucket', template: 'Start from' },
  enabled: canWritePolicies,
  run: async (ctx, args) => {
    const bucketId = await bucketIdOf(ctx, args.bucketId || NO_BUCKET)
    const template = args.template && args.template !== 'scratch' ? templateOf(args.template) : null
    await showPage(ctx)
    openStoragePolicyModal(bucketId, { view: args.template ? 'editor' : 'selection' })
    if (template) applyStorageTemplate(template)
  },
})

export const chooseStart = defineCommand({
  id: 'storage.policies.modal.start',
  title: 'Start the storage policy from a template or from scratch',
  area: AREA,
  args: z.object({ from: z.enum(['templates', 'scratch']) }),
  when: inView('selection'),
  run: (_ctx, { from }) => showStoragePolicyView(from === 'templates' ? 'templates' : 'editor'),
})

export const useTemplate = defineCommand({
  id: 'storage.policies.modal.template',
  title: 'Use storage policy template',
  area: AREA,
  args: z.object({ templateId: z.string().min(1) }),
  argOptions: { templateId: () => templateOptions().slice(1) },
  argLabels: { templateId: 'Template' },
  when: inView('templates'),
  run: (_ctx, { templateId }) => applyStorageTemplate(templateOf(templateId)),
})

export const review = defineCommand({
  id: 'storage.policies.modal.review',
  title: 'Review storage policy',
  area: AREA,
  when: inView('editor'),
  run: () => {
    const result = storageReviewOfForm()
    if ('problem' in result) return setStoragePolicyProblem(result.problem)
    setStoragePolicyProblem(null)
    showStoragePolicyView('review')
  },
})

export const save = defineCommand({
  id: 'storage.policies.modal.save',
  title: 'Save storage policy',
  area: AREA,
  when: inView('review'),
  enabled: canWritePolicies,
  run: async (ctx) => {
    const { form, policy, bucketId } = storagePolicyModal
    if (storagePolicyModal.saving) return null
    setStoragePolicySaving(true)
    try {
      const saved = policy ? await updateStoragePolicy(ctx, policy, form) : await createStoragePolicies(ctx, bucketId, form)
      // a refusal goes back to the editor, with everything typed kept (spec 4)
      if (!saved) showStoragePolicyView('editor')
      else closeStoragePolicyModal()
      return saved
    } finally {
      setStoragePolicySaving(false)
    }
  },
})

export const back = defineCommand({
  id: 'storage.policies.modal.back',
  title: 'Back',
  area: AREA,
  when: inView('review', 'templates', 'editor'),
  run: () => {
    if (storagePolicyModal.view === 'review') return showStoragePolicyView('editor')
    if (!storagePolicyModal.policy) showStoragePolicyView('selection')
  },
})

export const close = defineCommand({
  id: 'storage.policies.modal.close',
  title: 'Close storage policy modal',
  area: AREA,
  when: () => storagePolicyModal.open,
  run: async (ctx) => {
    if (isStoragePolicyDirty() && !(await confirmDiscard(ctx))) return false
    closeStoragePolicyModal()
    return true
  },
})

const operation = z.enum([...STORAGE_OPERATION_IDS, ...STORAGE_SQL_COMMANDS])
/** The palette types operations as one text: 'upload, download'. */
const operations = z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(operation))

export const create = defineCommand({
  id: 'storage.policies.create',
  title: 'Create storage policy',
  area: AREA,
  args: z.object({
    bucketId: z.string().optional(),
    name: z.string(),
    operations,
    roles: z.array(z.string().min(1)).optional(),
    definition: z.string(),
  }),
  argOptions: { bucketId: bucketOptions },
  argLabels: { bucketId: 'Bucket', name: 'Policy name', operations: `Operations (${STORAGE_OPERATION_IDS.join(', ')})`, definition: 'Definition' },
  enabled: canWritePolicies,
  run: async (ctx, { bucketId, ...form }) => createStoragePolicies(ctx, await bucketIdOf(ctx, bucketId), { ...form, roles: form.roles ?? [] }),
})

export const edit = defineCommand({
  id: 'storage.policies.edit',
  title: 'Edit storage policy',
  area: AREA,
  args: z.object({ policyId: z.number().int().positive() }),
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: async (ctx, args) => {
    const policy = await storagePolicyOf(ctx, args.policyId)
    await showPage(ctx)
    openStoragePolicyModal(null, { policy })
  },
})

export const remove = defineCommand({
  id: 'storage.policies.delete',
  title: 'Delete storage policy',
  area: AREA,
  keywords: ['remove storage policy', 'drop policy'],
  args: z.object({ policyId: z.number().int().positive() }),
  argOptions: { policyId: policyOptions },
  argLabels: { policyId: 'Policy' },
  enabled: canWritePolicies,
  run: async (ctx, args) => {
    const policy = await storagePolicyOf(ctx, args.policyId)
    return deletePolicyConfirmed(ctx, policy, () => refreshPolicies(ctx.queryClient, ctx.ref))
  },
})

export const goToPage = defineCommand({
  id: 'storage.policies.go',
  title: 'Go to storage policies',
  area: AREA,
  keywords: ['storage policies', 'bucket policies', 'rls'],
  run: (ctx) => ctx.navigate({ to: paths.storagePolicies(ctx.ref) }),
})
