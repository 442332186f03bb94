/**
 * The step of an array argument with options (roles, say): Enter picks or unpicks the option in focus,
 * Done (first, and in focus again once the typed text clears) or ⌘Enter goes on with the ones picked.
 * Nothing picked skips an optional argument. The list is filtered here, not by cmdk, so its order stays put:
 * while text is typed the options that match come first (Enter takes the best), then Done. Only the first
 * matches are drawn (bounded.tsx).
 */
import { useState, type KeyboardEvent } from 'react'
import { Command } from 'cmdk'
import { useSnapshot } from 'valtio'
import { Check } from 'lucide-react'
import type { ArgOption } from '../../../commands/registry'
import { MSG } from '../../shared/messages'
import { palette, setPaletteSearch } from '../model/app/palette'
import { toast } from '../model/app/toasts'
import { OptionsStatus, StepInput } from './StepParts'
import { boundOptions, MoreLine } from './bounded'
import { useStepOptions, type StepProps } from './step-options'
import { parseValues } from './steps'

const DONE = '\u0000done'

export function MultiStep({ cmd, step, sofar, onAnswer }: StepProps) {
  const { search } = useSnapshot(palette)
  const [picked, setPicked] = useState<string[]>([])
  const options = useStepOptions({ cmd, step, sofar })
  const choices: readonly ArgOption[] = step.choices ?? options.data ?? []
  const labelOf = (value: string) => choices.find((o) => o.value === value)?.label ?? value
  const needle = search.trim().toLowerCase()
  const matching = needle ? choices.filter((o) => [o.value, o.label, o.hint].some((t) => t?.toLowerCase().includes(needle))) : choices
  const { shown, more } = boundOptions(matching, '', false)

  function done(): void {
    const answer = parseValues(step, picked)
    if (!answer.ok) return void toast.error(answer.message)
    const label = answer.value === undefined ? 'skipped' : picked.length ? picked.map(labelOf).join(', ') : 'none'
    const problem = onAnswer({ value: answer.value, label })
    if (problem) toast.error(problem)
  }

  function toggle(value: string): void {
    setPicked((now) => (now.includes(value) ? now.filter((v) => v !== value) : [...now, value]))
    setPaletteSearch('')
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>): void {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault()
      done()
    }
  }

  const summary = picked.length ? picked.map(labelOf).join(', ') : step.optional ? 'skip' : 'none picked'
  const doneItem = (
    <Command.Item value={DONE} onSelect={done} className="palette-item">
      <span className="palette-item__main palette-item__skip">Done: {summary}</span>
    </Command.Item>
  )
  return (
    <Command label={step.label} loop vimBindings={false} shouldFilter={false} className="palette-command" onKeyDown={onKeyDown}>
      <StepInput placeholder="Type to filter; Enter picks, ⌘Enter goes on…" />
      <Command.List className="palette-list" aria-label={`${step.label}: pick several`}>
        <OptionsStatus loading={options.isLoading} error={options.error} />
        {!options.isLoading && needle && shown.length === 0 && <div className="palette-empty">{MSG.noResults}</div>}
        {!needle && doneItem}
        {shown.map((o) => {
          const on = picked.includes(o.value)
          return (
            <Command.Item
              key={o.value}
              value={o.value}
              onSelect={() => toggle(o.value)}
              className="palette-item"
            >
              <span className="palette-item__main">
                <span className="palette-item__title">{o.label ?? o.value}</span>
              </span>
              {o.hint && <span className="palette-item__hint">{o.hint}</span>}
              {on && (
                <span className="palette-item__state is-on">
                  <Check size={11} aria-hidden /> picked
                </span>
              )}
            </Command.Item>
          )
        })}
        <MoreLine more={more} />
        {needle && doneItem}
      </Command.List>
    </Command>
  )
}
