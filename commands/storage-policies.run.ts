/** The bodies of storage-policies.ts's commands: the modal's steps, and policy changes through pg-meta. */
import type { z } from 'zod'
import { CommandError } from './registry'
import type { CreateArgs, EditArgs, OpenModalArgs, RemoveArgs, TryArgs } from './storage-policies'
import type { ChooseStartArgs, UseTemplateArgs } from './policy-editor-args'
import type { CommandContext } from '../src/web/model/app/context'
import { paths } from '../src/shared/routes'
import { storagePolicyTemplate } from '../src/shared/storage-policies'
import { confirmDiscard, deletePolicyConfirmed } from '../src/web/model/auth/policies/policy-writes'
import { existingBucket } from './bucket-args'
import {
  applyStorageTemplate, closeStoragePolicyModal, isStoragePolicyDirty, openStoragePolicyModal, showStoragePolicyView,
  setStoragePolicyProblem, setStoragePolicySaving, storagePolicyModal,
} from '../src/web/model/storage/policies/storage-policy-state'
import {
  createStoragePolicies, storagePolicyOf, storageReviewOfForm, updateStoragePolicy,
} from '../src/web/model/storage/policies/storage-policy-writes'
import { refreshPolicies } from '../src/web/model/auth/policies/queries'
import { tryStoragePolicyForm } from '../src/web/model/storage/policies/storage-policy-try'

/** The modal's bucket choice for policies on storage.objects that belong to no bucket. */
const NO_BUCKET = ''

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

export const openModal = async (ctx: CommandContext, args: z.infer<typeof OpenModalArgs>) => {
  const bucketId = await bucketIdOf(ctx, args.bucketId || NO_BUCKET)
  const template = args.template && args.template !== 'scratch' ? templateOf(args.template) : null
  await showPage(ctx)
  openStoragePolicyModal(bucketId, { view: args.template ? 'editor' : 'selection' })
  if (template) applyStorageTemplate(template)
}

export const chooseStart = (_ctx: CommandContext, { from }: z.infer<typeof ChooseStartArgs>) =>
  showStoragePolicyView(from === 'templates' ? 'templates' : 'editor')

export const useTemplate = (_ctx: CommandContext, { templateId }: z.infer<typeof UseTemplateArgs>) =>
  applyStorageTemplate(templateOf(templateId))

export const review = () => {
  const result = storageReviewOfForm()
  if ('problem' in result) return setStoragePolicyProblem(result.problem)
  setStoragePolicyProblem(null)
  showStoragePolicyView('review')
}

export const tryPolicy = (ctx: CommandContext, args: z.infer<typeof TryArgs>) => tryStoragePolicyForm(ctx, args)

export const save = async (ctx: CommandContext) => {
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
}

export const back = () => {
  if (storagePolicyModal.view === 'review') return showStoragePolicyView('editor')
  if (!storagePolicyModal.policy) showStoragePolicyView('selection')
}

export const close = async (ctx: CommandContext) => {
  if (isStoragePolicyDirty() && !(await confirmDiscard(ctx))) return false
  closeStoragePolicyModal()
  return true
}

export const create = async (ctx: CommandContext, { bucketId, ...form }: z.infer<typeof CreateArgs>) =>
  createStoragePolicies(ctx, await bucketIdOf(ctx, bucketId), { ...form, roles: form.roles ?? [] })

export const edit = async (ctx: CommandContext, args: z.infer<typeof EditArgs>) => {
  const policy = await storagePolicyOf(ctx, args.policyId)
  await showPage(ctx)
  openStoragePolicyModal(null, { policy })
}

export const remove = async (ctx: CommandContext, args: z.infer<typeof RemoveArgs>) => {
  const policy = await storagePolicyOf(ctx, args.policyId)
  return deletePolicyConfirmed(ctx, policy, () => refreshPolicies(ctx.queryClient, ctx.ref))
}

export const goToPage = (ctx: CommandContext) => ctx.navigate({ to: paths.storagePolicies(ctx.ref) })
