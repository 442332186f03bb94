import { Select as RadixSelect } from 'radix-ui'
import { Check, ChevronDown } from 'lucide-react'
import { cx } from './cx'

export interface SelectOption {
  value: string
  label?: string
  disabled?: boolean
}

export interface SelectProps {
  value: string | undefined
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  placeholder?: string
  size?: 'sm' | 'md'
  id?: string
  disabled?: boolean
  'aria-label'?: string
  className?: string
}

export function Select({
  value, onValueChange, options, placeholder, size = 'md', id, disabled, className, ...aria
}: SelectProps) {
  return (
    <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
      <RadixSelect.Trigger id={id} className={cx('ui-select', `ui-input--${size}`, className)} aria-label={aria['aria-label']}>
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="ui-select__chevron">
          <ChevronDown size={14} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="ui-menu ui-select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport>
            {options.map((o) => (
              <RadixSelect.Item key={o.value} value={o.value} disabled={o.disabled} className="ui-menu__item">
                <RadixSelect.ItemText>{o.label ?? o.value}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="ui-menu__indicator">
                  <Check size={14} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
