import type { ReactNode } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { X } from 'lucide-react'
import { cx } from './cx'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** buttons, right-aligned at the bottom */
  footer?: ReactNode
  size?: 'small' | 'medium' | 'large'
  className?: string
}

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])'

/** Opening focuses the first control of the body or footer, never the close button; else the dialog itself. */
function focusFirstControl(event: Event): void {
  event.preventDefault()
  const content = event.currentTarget as HTMLElement
  const first = content.querySelector<HTMLElement>(`.ui-dialog__body :is(${FOCUSABLE}), .ui-dialog__footer :is(${FOCUSABLE})`)
  ;(first ?? content).focus()
}

export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'medium', className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-overlay" />
        <RadixDialog.Content
          className={cx('ui-dialog', `ui-dialog--${size}`, className)}
          onOpenAutoFocus={focusFirstControl}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="ui-dialog__header">
            <RadixDialog.Title className="ui-dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className={cx('ui-button', 'ui-button--ghost', 'ui-button--sm', 'ui-icon-button')} aria-label="Close">
              <X size={16} />
            </RadixDialog.Close>
          </header>
          {description && <RadixDialog.Description className="ui-dialog__description">{description}</RadixDialog.Description>}
          {children !== undefined && <div className="ui-dialog__body">{children}</div>}
          {footer && <footer className="ui-dialog__footer">{footer}</footer>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
