import { Select as RadixSelect } from 'radix-ui'
import { Check, ChevronDown } from 'lucide-react'
import { cx } from '../../../ui'
import type { TypeChoice } from '../../../model/table-editor/structure/column-types'

interface TypeSelectProps {
  id: string
  value: string
  onChange: (type: string) => void
  groups: readonly { label: string; types: readonly TypeChoice[] }[]
  invalid?: boolean
  disabled?: boolean
}

/** The column type pick list: grouped, each type with what it holds (the trigger shows the name only). */
export function TypeSelect({ id, value, onChange, groups, invalid, disabled }: TypeSelectProps) {
  return (
    <RadixSelect.Root value={value || undefined} onValueChange={onChange} disabled={disabled}>
      <RadixSelect.Trigger id={id} className="ui-select ui-input--md st-mono" aria-invalid={invalid || undefined}>
        <RadixSelect.Value placeholder="Choose a column type…" />
        <RadixSelect.Icon className="ui-select__chevron">
          <ChevronDown size={14} />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="ui-menu ui-select__content st-type-content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport>
            {groups.map((group) =>
              group.types.length === 0 ? null : (
                <RadixSelect.Group key={group.label}>
                  <RadixSelect.Label className="ui-menu__label">{group.label}</RadixSelect.Label>
                  {group.types.map((t) => (
                    <RadixSelect.Item key={t.value} value={t.value} className={cx('ui-menu__item', 'st-type-item')}>
                      <RadixSelect.ItemText>
                        <span className="st-type-item__name">{t.value}</span>
                      </RadixSelect.ItemText>
                      <span className="st-type-item__description">{t.description}</span>
                      <RadixSelect.ItemIndicator className="ui-menu__indicator">
                        <Check size={14} />
                      </RadixSelect.ItemIndicator>
                    </RadixSelect.Item>
                  ))}
                </RadixSelect.Group>
              ),
            )}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
