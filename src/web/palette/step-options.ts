/** What the argument steps share: their props, Backspace on an empty field going back, and the options they load. */
import type { KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { currentContext, optionsTotal, type ArgOption, type Command as Cmd } from '../../../commands/registry'
import { backStep, type Answer } from '../model/app/palette'
import type { ArgStep } from './steps'

export interface StepProps {
  cmd: Cmd
  step: ArgStep
  sofar: Record<string, unknown>
  /** moves on, or returns why the arguments as a whole are not valid */
  onAnswer: (answer: Answer) => string | null
}

export function backOnEmpty(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key === 'Backspace' && e.currentTarget.value === '') {
    e.preventDefault()
    backStep()
  }
}

/**
 * The step's options from the command's argOptions (its fixed choices need none), for the text `typed`.
 * Read afresh each time the step opens: a list kept from an earlier step (a table's RLS state, say) would
 * show what a command run meanwhile has changed.
 */
export function useStepOptions({ cmd, step, sofar }: Pick<StepProps, 'cmd' | 'step' | 'sofar'>, typed = '') {
  const load = cmd.argOptions?.[step.name]
  return useQuery({
    queryKey: ['palette-options', cmd.id, step.name, sofar, typed],
    queryFn: async (): Promise<{ list: ArgOption[]; total?: number }> => {
      const list = load ? await load(currentContext(), sofar, { query: typed }) : []
      return { list, total: optionsTotal(list) }
    },
    enabled: !step.choices,
    staleTime: 0,
    gcTime: 0,
  })
}
