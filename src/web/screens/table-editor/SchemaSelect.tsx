import { Select } from 'radix-ui'
import { Check, ChevronDown, Lock } from 'lucide-react'
import type { Schema } from '../../../shared/api'
import { isProtectedSchema } from '../../../shared/constants'

interface SchemaSelectProps {
  value: string
  schemas: readonly Schema[]
  onChange: (schema: string) => void
}

/** The table list's schema: the user's schemas first, then the protected system ones (read-only). */
export function SchemaSelect({ value, schemas, onChange }: SchemaSelectProps) {
  const user = schemas.filter((s) => !isProtectedSchema(s.name))
  const system = schemas.filter((s) => isProtectedSchema(s.name))
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger className="ui-select ui-input--sm te-schema-select" aria-label="Schema">
        <span className="te-schema-select__label">schema</span>
        <Select.Value />
        <Select.Icon className="ui-select__chevron">
          <ChevronDown size={14} />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content className="ui-menu ui-select__content te-schema-menu" position="popper" sideOffset={4}>
          <Select.Viewport>
            <Select.Group>
              {user.map((s) => (
                <SchemaItem key={s.id} name={s.name} />
              ))}
            </Select.Group>
            {system.length > 0 && (
              <>
                <Select.Separator className="ui-menu__separator" />
                <Select.Group>
                  <Select.Label className="ui-menu__label">Protected schemas</Select.Label>
                  {system.map((s) => (
                    <SchemaItem key={s.id} name={s.name} locked />
                  ))}
                </Select.Group>
              </>
            )}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
}

function SchemaItem({ name, locked = false }: { name: string; locked?: boolean }) {
  return (
    <Select.Item value={name} className="ui-menu__item">
      <Select.ItemText>{name}</Select.ItemText>
      {locked && <Lock size={12} className="te-muted" aria-label="Locked" />}
      <Select.ItemIndicator className="ui-menu__indicator">
        <Check size={14} />
      </Select.ItemIndicator>
    </Select.Item>
  )
}
