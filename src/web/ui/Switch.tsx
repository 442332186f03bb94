/** An on/off switch (Radix). Name it with `label`, or with a <label htmlFor={id}> beside it. */
import { Switch as RadixSwitch } from 'radix-ui'

interface SwitchProps {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  /** the accessible name when no <label> names it */
  label?: string
  disabled?: boolean
  /** why it is disabled, shown on hover */
  title?: string
  id?: string
}

export function Switch({ checked, onCheckedChange, label, disabled, title, id }: SwitchProps) {
  return (
    <RadixSwitch.Root
      id={id}
      className="ui-switch"
      checked={checked}
      onCheckedChange={onCheckedChange}
      aria-label={label}
      disabled={disabled}
      title={title}
    >
      <RadixSwitch.Thumb className="ui-switch__thumb" />
    </RadixSwitch.Root>
  )
}
