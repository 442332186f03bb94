import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { run } from '../../../../../commands/all'
import { MSG } from '../../../../shared/messages'
import type { Bucket } from '../../../../shared/storage'
import { toast } from '../../../model/app/toasts'
import { Button, Dialog, Field, Input, Select, Switch } from '../../../ui'
import { BucketForm, bucketArgs, bucketFormDefaults } from '../../../model/storage/buckets/bucket-form'
import { closeBucketDialog } from '../../../model/storage/buckets/bucket-state'
import { PublicWarning } from './PublicWarning'
import { SIZE_UNIT_OPTIONS, digitsOnly } from '../../../model/storage/buckets/size-units'

/** Create a bucket, or edit one (spec 5 Buckets): the name is fixed once created. */
export function BucketFormDialog({ bucket }: { bucket?: Bucket }) {
  const formId = useId()
  const ids = { name: useId(), public: useId(), limitOn: useId(), limit: useId(), mime: useId() }
  const defaults = bucketFormDefaults(bucket)
  const form = useForm({ resolver: zodResolver(BucketForm), defaultValues: defaults })
  const errors = form.formState.errors
  const [isPublic, limitEnabled] = form.watch(['public', 'limitEnabled'])

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (bucket) await run('storage.bucket.update', { bucketId: bucket.id, ...bucketArgs(values) }, 'button')
      else await run('storage.bucket.create', { name: values.name, ...bucketArgs(values) }, 'button')
      closeBucketDialog()
    } catch (e) {
      toast.error((e as Error).message)
    }
  })

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeBucketDialog()}
      size="small"
      title={bucket ? `Edit bucket "${bucket.name}"` : 'Create storage bucket'}
      footer={
        <>
          <Button onClick={closeBucketDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            {bucket ? 'Save' : 'Create bucket'}
          </Button>
        </>
      }
    >
      <form id={formId} className="stg-form" onSubmit={onSubmit} noValidate>
        <Field label="Name of bucket" htmlFor={ids.name} error={errors.name?.message} hint={bucket ? 'The name of a bucket cannot be changed.' : MSG.bucketNameHint}>
          <Input id={ids.name} autoComplete="off" spellCheck={false} disabled={Boolean(bucket)} invalid={Boolean(errors.name)} {...form.register('name')} />
        </Field>

        <div className="stg-form__switch">
          <Controller control={form.control} name="public" render={({ field }) => <Switch id={ids.public} checked={field.value} onCheckedChange={field.onChange} />} />
          <label htmlFor={ids.public}>
            <span className="stg-form__switch-label">Public bucket</span>
            <span className="stg-form__switch-hint">Anyone can read any file without any authorization</span>
          </label>
        </div>
        {isPublic !== defaults.public && <PublicWarning isPublic={isPublic} creating={!bucket} />}

        <div className="stg-form__switch">
          <Controller control={form.control} name="limitEnabled" render={({ field }) => <Switch id={ids.limitOn} checked={field.value} onCheckedChange={field.onChange} />} />
          <label htmlFor={ids.limitOn}>
            <span className="stg-form__switch-label">Restrict file upload size</span>
            <span className="stg-form__switch-hint">Prevent uploading of file sizes greater than a specified limit</span>
          </label>
        </div>
        {limitEnabled && (
          <Field label="File size limit" htmlFor={ids.limit} error={errors.limit?.message} hint="Blank: no limit">
            <div className="stg-size">
              <Controller
                control={form.control}
                name="limit"
                render={({ field }) => (
                  <Input id={ids.limit} inputMode="numeric" autoComplete="off" placeholder="0" value={field.value} onChange={(e) => field.onChange(digitsOnly(e.target.value))} />
                )}
              />
              <Controller
                control={form.control}
                name="unit"
                render={({ field }) => <Select aria-label="Size unit" className="stg-size__unit" value={field.value} onValueChange={field.onChange} options={SIZE_UNIT_OPTIONS} />}
              />
            </div>
          </Field>
        )}

        <Field label="Allowed MIME types" htmlFor={ids.mime} hint="Comma separated values; wildcards such as image/* are allowed. Blank: any type.">
          <Input id={ids.mime} autoComplete="off" spellCheck={false} placeholder="e.g. image/png, image/jpeg, audio/*" {...form.register('allowedMimeTypes')} />
        </Field>
      </form>
    </Dialog>
  )
}
