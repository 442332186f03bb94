import { useId, useState } from 'react'
import { run } from '../../../../../commands/all'
import { MSG } from '../../../../shared/messages'
import type { Bucket } from '../../../../shared/storage'
import { toast } from '../../../model/app/toasts'
import { Alert, Button, Dialog, Field, Input } from '../../../ui'
import { closeBucketDialog } from '../../../model/storage/buckets/bucket-state'

/** Spec 5: deleting a bucket needs its name typed exactly; the button waits while the deletion runs. */
export function DeleteBucketDialog({ bucket }: { bucket: Bucket }) {
  const formId = useId()
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    if (typed !== bucket.name) {
      setError(MSG.valueMismatch)
      return
    }
    setLoading(true)
    try {
      await run('storage.bucket.delete', { bucketId: bucket.id, confirmName: typed }, 'button')
      closeBucketDialog()
    } catch (e) {
      toast.error((e as Error).message)
      setLoading(false)
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !loading && closeBucketDialog()}
      size="small"
      title={`Confirm deletion of ${bucket.name}`}
      footer={
        <>
          <Button onClick={closeBucketDialog} disabled={loading}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={formId} loading={loading} disabled={loading}>
            Delete bucket
          </Button>
        </>
      }
    >
      <form id={formId} className="stg-form" onSubmit={onSubmit} noValidate>
        <Alert type="destructive" title="This action cannot be undone">
          Every file in the bucket is deleted, then the bucket, then the storage policies written for it.
        </Alert>
        <Field label={<>Type <code className="stg-code">{bucket.name}</code> to confirm</>} htmlFor={inputId} error={error ?? undefined}>
          <Input
            id={inputId}
            autoComplete="off"
            spellCheck={false}
            placeholder="Type in name of bucket"
            value={typed}
            invalid={Boolean(error)}
            onChange={(e) => (setTyped(e.target.value), setError(null))}
          />
        </Field>
      </form>
    </Dialog>
  )
}
