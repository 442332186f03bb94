/** Renders the question of `requestConfirm` (state/confirm.ts); mounted once by the root layout. */
import { AlertDialog } from 'radix-ui'
import { useSnapshot } from 'valtio'
import { CONFIRM_DEFAULTS } from '../../shared/constants'
import { answerConfirm, confirmState } from '../model/app/confirm'
import { buttonClass } from './Button'

export function ConfirmHost() {
  const { pending } = useSnapshot(confirmState)
  const options = pending?.options
  return (
    <AlertDialog.Root open={Boolean(options)} onOpenChange={(open) => !open && answerConfirm(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ui-overlay" />
        {options && (
          <AlertDialog.Content
            className={`ui-dialog ui-dialog--${CONFIRM_DEFAULTS.size}`}
            {...(options.description ? {} : { 'aria-describedby': undefined })}
          >
            <header className="ui-dialog__header">
              <AlertDialog.Title className="ui-dialog__title">{options.title}</AlertDialog.Title>
            </header>
            {options.description && (
              <AlertDialog.Description className="ui-dialog__description">{options.description}</AlertDialog.Description>
            )}
            <footer className="ui-dialog__footer">
              <AlertDialog.Cancel className={buttonClass('default')}>
                {options.cancelLabel ?? CONFIRM_DEFAULTS.cancelLabel}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClass(options.destructive ? 'danger' : 'primary')}
                onClick={() => answerConfirm(true)}
              >
                {options.confirmLabel ?? CONFIRM_DEFAULTS.confirmLabel}
              </AlertDialog.Action>
            </footer>
          </AlertDialog.Content>
        )}
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
