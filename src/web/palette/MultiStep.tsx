/**
 * The step of an array argument with options (roles, say): Enter picks or unpicks the option in focus,
 * Done (first, and in focus again once the typed text clears) or ⌘Enter goes on with the ones picked.
 * Nothing picked skips an optional argument. The list is filtered here, not by cmdk, so its order stays put:
 * while text is typed the options that match come first (Enter takes the best), then Done. Every option
 * is in the list, drawn virtualized (PaletteList).
 */
import { useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { Check } from 'lucide-react'
import type { ArgOption } from '../../../commands/registry'
import { MSG } from '../../shared/messages'
import { palette, setPaletteSearch } from '../model/app/palette'
import { toast } from '../model/app/toasts'
import { OptionsStatus } from './StepParts'
import { backOnEmpty, useStepOptions, type StepProps } from './step-options'
import type { PaletteRow } from './list'
import { PaletteList } from './PaletteList'
import { parseValues } from './steps'

const DONE = '\u0000done'

/** The Done row: first while nothing is typed, last after the matches otherwise. */
const DONE_OPTION: ArgOption = { value: DONE }

export function MultiStep({ cmd, step, sofar, onAnswer }: StepProps) {
  const { search } = useSnapshot(palette)
  const [picked, setPicked] = useState<string[]>([])
  const options = useStepOptions({ cmd, step, sofar })
  const choices: readonly ArgOption[] = step.choices ?? options.data?.list ?? []
  const labelOf = (value: string) => choices.find((o) => o.value === value)?.label ?? value
  const needle = search.trim().toLowerCase()
  const matching = needle ? choices.filter((o) => [o.value, o.label, o.hint].some((t) => t?.toLowerCase().includes(needle))) : choices
  const rows = [...(needle ? matching : [DONE_OPTION, ...matching]), ...(needle ? [DONE_OPTION] : [])].map(
    (item): PaletteRow<ArgOption> => ({ kind: 'option', key: item.value, item }),
  )

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
  return (
    <PaletteList
      label={step.label}
      listLabel={`${step.label}: pick several`}
      placeholder="Type to filter; Enter picks, ⌘Enter goes on…"
      rows={rows}
      onPick={(o) => (o === DONE_OPTION ? done() : toggle(o.value))}
      onInputKeyDown={backOnEmpty}
      onKeyDown={onKeyDown}
      renderOption={(o) =>
        o === DONE_OPTION ? (
          <span className="palette-item__main palette-item__skip">Done: {summary}</span>
        ) : (
          <>
            <span className="palette-item__main">
              <span className="palette-item__title">{o.label ?? o.value}</span>
            </span>
            {o.hint && <span className="palette-item__hint">{o.hint}</span>}
            {picked.includes(o.value) && (
              <span className="palette-item__state is-on">
                <Check size={11} aria-hidden /> picked
              </span>
            )}
          </>
        )
      }
      status={
        <>
          <OptionsStatus loading={options.isLoading} error={options.error} />
          {!options.isLoading && needle && matching.length === 0 && <div className="palette-empty">{MSG.noResults}</div>}
        </>
      }
    />
  )
}
