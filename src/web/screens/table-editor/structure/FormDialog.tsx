import { useId, type FormEventHandler, type ReactNode } from 'react'
import { Alert, Button, Dialog } from '../../../ui'
import { closeTableDialog } from '../../../model/table-editor/structure/structure-state'

interface FormDialogProps {
  title: string
  description?: ReactNode
  submitLabel: string
  submitting: boolean
  /** why the last submit failed */
  failure: string | null
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
}

/** A table dialog: a small form, its failure, Cancel and the submit button. */
export function FormDialog({ title, description, submitLabel, submitting, failure, onSubmit, children }: FormDialogProps) {
  const formId = useId()
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeTableDialog()}
      size="small"
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={closeTableDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={submitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="st-dialog-form" onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert type="destructive" title="Nothing was changed">
            {failure}
          </Alert>
        )}
        {children}
      </form>
    </Dialog>
  )
}
