import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Popover } from 'radix-ui'
import { Check } from 'lucide-react'
import type { Column } from '../../../../shared/api'
import { cx } from '../../../ui'
import { rowEdit, stopEditing, takeTyped, type EditingCell } from '../../../model/table-editor/row-edit'
import { toast } from '../../../model/app/toasts'
import { saveCell } from './save-cell'

interface ChoiceEditorProps {
  column: Column
  editing: Readonly<EditingCell>
}

interface Choice {
  label: string
  value: string | boolean | null
}

function choicesOf(column: Column): Choice[] {
  const values: Choice[] =
    column.format === 'bool'
      ? [{ label: 'true', value: true }, { label: 'false', value: false }]
      : column.enums.map((e) => ({ label: e, value: e }))
  return column.is_nullable ? [...values, { label: 'NULL', value: null }] : values
}

/** Booleans (true, false, NULL) and enum values, picked from a list under the cell: arrows and Enter, or a click. */
export function ChoiceEditor({ column, editing }: ChoiceEditorProps) {
  const choices = choicesOf(column)
  // typing on the cell picks out the first choice that starts with what was typed
  const [active, setActive] = useState(() => {
    const typed = rowEdit.typed.toLowerCase()
    const match = typed ? choices.findIndex((c) => c.label.toLowerCase().startsWith(typed)) : -1
    return Math.max(0, match >= 0 ? match : choices.findIndex((c) => c.value === editing.value))
  })
  useLayoutEffect(() => void takeTyped(), [])
  const listRef = useRef<HTMLDivElement>(null)
  const optionId = useId()
  const idOf = (i: number) => `${optionId}-${i}`
  useEffect(() => {
    // braces: newer browsers return a promise from scrollIntoView, and an effect may only return its clean-up
    document.getElementById(idOf(active))?.scrollIntoView({ block: 'nearest' })
  })

  function pick(choice: Choice | undefined) {
    if (!choice) return
    if (choice.value === editing.value) stopEditing()
    else void saveCell(editing, choice.value).then((refused) => refused !== null && toast.error(refused))
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: choices.length - 1 }
    const to = moves[event.key]
    if (to !== undefined) setActive(Math.max(0, Math.min(choices.length - 1, to)))
    else if (event.key === 'Enter' || event.key === ' ') pick(choices[active])
    else return
    event.preventDefault()
  }

  return (
    <Popover.Root open onOpenChange={(open) => !open && stopEditing()}>
      <Popover.Anchor className="rows-anchor" />
      <Popover.Portal>
        <Popover.Content
          className="ui-menu rows-choice"
          align="start"
          sideOffset={2}
          aria-label={`Edit ${column.name}`}
          onOpenAutoFocus={(e) => {
            e.preventDefault()
            listRef.current?.focus()
          }}
        >
          <div
            ref={listRef}
            role="listbox"
            tabIndex={0}
            aria-label={column.name}
            aria-activedescendant={idOf(active)}
            className="rows-choice__list"
            onKeyDown={onKeyDown}
          >
            {choices.map((choice, i) => (
              <div
                key={choice.label}
                id={idOf(i)}
                role="option"
                aria-selected={choice.value === editing.value}
                className={cx('ui-menu__item', i === active && 'rows-choice__item--active', choice.value === null && 'rows-choice__item--null')}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(choice)}
              >
                <span className="ui-menu__text">{choice.label}</span>
                {choice.value === editing.value && <Check size={14} />}
              </div>
            ))}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
