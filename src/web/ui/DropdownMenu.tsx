import type { ReactElement, ReactNode } from 'react'
import { DropdownMenu as RadixMenu } from 'radix-ui'
import { Check } from 'lucide-react'
import { cx } from './cx'
import { Kbd } from './Kbd'

export interface DropdownMenuProps {
  /** one focusable element (it becomes the trigger) */
  trigger: ReactElement
  children: ReactNode
  side?: 'top' | 'right' | 'bottom' | 'left'
  align?: 'start' | 'center' | 'end'
}

export function DropdownMenu({ trigger, children, side = 'bottom', align = 'start' }: DropdownMenuProps) {
  return (
    <RadixMenu.Root>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className="ui-menu" side={side} align={align} sideOffset={4}>
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  )
}

export interface MenuItemProps {
  onSelect: () => void
  icon?: ReactNode
  /** a key binding shown on the right */
  binding?: string
  danger?: boolean
  disabled?: boolean
  children: ReactNode
}

export function MenuItem({ onSelect, icon, binding, danger, disabled, children }: MenuItemProps) {
  return (
    <RadixMenu.Item className={cx('ui-menu__item', danger && 'ui-menu__item--danger')} onSelect={onSelect} disabled={disabled}>
      {icon && <span className="ui-menu__icon">{icon}</span>}
      <span className="ui-menu__text">{children}</span>
      {binding && <Kbd binding={binding} />}
    </RadixMenu.Item>
  )
}

export interface MenuCheckboxItemProps {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  children: ReactNode
}

export function MenuCheckboxItem({ checked, onCheckedChange, children }: MenuCheckboxItemProps) {
  return (
    <RadixMenu.CheckboxItem className="ui-menu__item" checked={checked} onCheckedChange={onCheckedChange}>
      <span className="ui-menu__icon">
        <RadixMenu.ItemIndicator>
          <Check size={14} />
        </RadixMenu.ItemIndicator>
      </span>
      <span className="ui-menu__text">{children}</span>
    </RadixMenu.CheckboxItem>
  )
}

export function MenuSeparator() {
  return <RadixMenu.Separator className="ui-menu__separator" />
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="ui-menu__label">{children}</RadixMenu.Label>
}
