import { useId, useState, type FormEvent, type FormEventHandler, type ReactNode } from 'react'
import { Alert } from './Alert'
import { Button, type ButtonVariant } from './Button'
import { Dialog } from './Dialog'

interface FormDialogProps {
  title: ReactNode
  description?: ReactNode
  size?: 'small' | 'medium' | 'large'
  submitLabel: ReactNode
  submitVariant?: ButtonVariant
  submitDisabled?: boolean
  submitting: boolean
  /** why the last submit failed, shown above the fields */
  failure: string | null
  /** the failure's heading: what did not happen ('Nothing was changed' unless said) */
  failureTitle?: string
  onSubmit: FormEventHandler<HTMLFormElement>
  onClose: () => void
  /** the form's class (its fields' layout) */
  formClassName?: string
  /** the form's id, when the fields need it for their own ids */
  formId?: string
  children: ReactNode
}

/** A dialog around one form: its failure, Cancel and the submit button (Enter in a field submits). */
export function FormDialog({
  title, description, size = 'small', submitLabel, submitVariant = 'primary', submitDisabled, submitting, failure,
  failureTitle = 'Nothing was changed', onSubmit, onClose, formClassName, formId, children,
}: FormDialogProps) {
  const ownId = useId()
  const id = formId ?? ownId
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size={size}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant={submitVariant} type="submit" form={id} disabled={submitDisabled} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={id} className={formClassName} onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert type="destructive" title={failureTitle}>
            {failure}
          </Alert>
        )}
        {children}
      </form>
    </Dialog>
  )
}

/**
 * A form's submit: runs `action` (a command), then `onDone`; a failure keeps the dialog open with the
 * error's message. `busy` while it runs.
 */
export function useFormSubmit(action: () => Promise<unknown>, onDone: () => void) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    setBusy(true)
    try {
      await action()
      onDone()
    } catch (e) {
      setFailure((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return { busy, failure, submit }
}
