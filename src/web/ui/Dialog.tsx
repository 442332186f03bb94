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

export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'medium', className }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-overlay" />
        <RadixDialog.Content className={cx('ui-dialog', `ui-dialog--${size}`, className)} {...(description ? {} : { 'aria-describedby': undefined })}>
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
