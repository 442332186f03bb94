/**
 * The palette's argument pages: one step per field of the command's args, a pick list or a validated
 * text field. A pick list the server searches (the command's argSearch) asks again for the text typed
 * once it rests (palette.query); the others load once and filter here. Backspace on an empty field goes
 * back one step (Escape too, handled by the dialog).
 */
import { useState, type KeyboardEvent } from 'react'
import { Command } from 'cmdk'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { ChevronRight } from 'lucide-react'
import { currentContext, type ArgOption, type Command as Cmd } from '../../../commands/registry'
import { MSG } from '../../shared/messages'
import { answerStep, backStep, palette, setPaletteSearch, type Answer } from '../model/app/palette'
import { toast } from '../model/app/toasts'
import { Spinner } from '../ui/Spinner'
import { runFromPalette } from './run'
import { argSteps, finalIssue, parseAnswer, stepValues, type ArgStep } from './steps'

const SKIP = '\u0000skip'

function backOnEmpty(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key === 'Backspace' && e.currentTarget.value === '') {
    e.preventDefault()
    backStep()
  }
}

function Breadcrumb({ cmd, answers, step }: { cmd: Cmd; answers: readonly Answer[]; step: ArgStep }) {
  return (
    <div className="palette-crumbs" aria-label="Steps">
      <span className="palette-crumb palette-crumb--command">{cmd.title}</span>
      {answers.map((a, i) => (
        <span key={i} className="palette-crumb">
          <ChevronRight size={12} aria-hidden />
          {a.label}
        </span>
      ))}
      <span className="palette-crumb palette-crumb--current">
        <ChevronRight size={12} aria-hidden />
        {step.label}
        {step.optional && <span className="palette-crumb__optional">optional</span>}
      </span>
    </div>
  )
}

interface StepProps {
  cmd: Cmd
  step: ArgStep
  sofar: Record<string, unknown>
  /** moves on, or returns why the arguments as a whole are not valid */
  onAnswer: (answer: Answer) => string | null
}

function ChoiceStep({ cmd, step, sofar, onAnswer }: StepProps) {
  const { search, query } = useSnapshot(palette)
  const load = cmd.argOptions?.[step.name]
  // options the server searches are asked for the text once it rests (palette.query) and shown as it
  // answers, in its order; the others load once and are filtered here as the text changes
  const typed = step.searched ? query : ''
  const options = useQuery({
    queryKey: ['palette-options', cmd.id, step.name, sofar, typed],
    queryFn: async (): Promise<ArgOption[]> => (load ? load(currentContext(), sofar, { query: typed }) : []),
    enabled: !step.choices,
    staleTime: 0,
  })
  // while the text has not rested, no answer matches it: nothing to pick (Enter must not take a stale row)
  const waiting = Boolean(step.searched) && typed !== search.trim()
  const loading = options.isLoading || waiting
  const choices = step.choices ?? (waiting ? undefined : options.data) ?? []

  function choose(answer: Answer): void {
    const problem = onAnswer(answer)
    if (problem) toast.error(problem)
  }

  function pick(option: ArgOption): void {
    const answer = parseAnswer(step, option.value)
    if (answer.ok) choose({ value: answer.value, label: option.label ?? option.value })
    else toast.error(answer.message)
  }

  return (
    <Command label={step.label} loop vimBindings={false} shouldFilter={!step.searched} className="palette-command">
      <div className="palette-input-row">
        <Command.Input
          autoFocus
          className="palette-input"
          placeholder="Type to filter…"
          value={search}
          onValueChange={setPaletteSearch}
          onKeyDown={backOnEmpty}
        />
      </div>
      <Command.List className="palette-list">
        {loading && (
          <Command.Loading>
            <div className="palette-status">
              <Spinner /> Loading…
            </div>
          </Command.Loading>
        )}
        {options.error && <div className="palette-status palette-status--error">{options.error.message}</div>}
        {!loading && <Command.Empty className="palette-empty">{MSG.noResults}</Command.Empty>}
        {step.optional && (
          <Command.Item value={SKIP} keywords={['skip', 'none']} onSelect={() => choose({ value: undefined, label: 'skipped' })} className="palette-item">
            <span className="palette-item__main palette-item__skip">Skip</span>
          </Command.Item>
        )}
        {choices.map((o) => (
          <Command.Item
            key={o.value}
            value={o.value}
            keywords={[o.label, o.hint].filter((k): k is string => Boolean(k))}
            onSelect={() => pick(o)}
            className="palette-item"
          >
            <span className="palette-item__main">
              <span className="palette-item__title">{o.label ?? o.value}</span>
            </span>
            {o.hint && <span className="palette-item__hint">{o.hint}</span>}
          </Command.Item>
        ))}
      </Command.List>
    </Command>
  )
}

function TextStep({ step, onAnswer }: StepProps) {
  const { search } = useSnapshot(palette)
  const [tried, setTried] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const answer = parseAnswer(step, search)
  const error = problem ?? (answer.ok ? null : answer.message)
  const showError = error !== null && (tried || search !== '')
  const errorId = `palette-error-${step.name}`

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    if (e.key !== 'Enter') return backOnEmpty(e)
    e.preventDefault()
    setTried(true)
    if (answer.ok) setProblem(onAnswer({ value: answer.value, label: search.trim() === '' ? 'skipped' : search }))
  }

  return (
    <div className="palette-command">
      <div className="palette-input-row">
        <input
          autoFocus
          className="palette-input"
          placeholder={step.optional ? 'Type a value, or nothing to skip…' : 'Type a value…'}
          value={search}
          onChange={(e) => {
            setProblem(null)
            setPaletteSearch(e.target.value)
          }}
          onKeyDown={onKeyDown}
          aria-label={step.label}
          aria-invalid={showError || undefined}
          aria-describedby={errorId}
          inputMode={step.valueType === 'number' ? 'decimal' : undefined}
        />
      </div>
      <div className="palette-text-help" id={errorId}>
        {showError ? (
          <p className="palette-field-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="palette-hint">
            {step.optional ? 'Press Enter to continue; leave it empty to skip' : 'Press Enter to continue'}
          </p>
        )}
      </div>
    </div>
  )
}

export function ArgSteps({ cmd }: { cmd: Cmd }) {
  const { answers } = useSnapshot(palette)
  const steps = argSteps(cmd)
  const step = steps[answers.length]
  if (!step) return null
  const sofar = stepValues(steps, answers.map((a) => a.value))

  function onAnswer(answer: Answer): string | null {
    if (answers.length < steps.length - 1) {
      answerStep(answer)
      return null
    }
    const args = stepValues(steps, [...answers.map((a) => a.value), answer.value])
    const issue = finalIssue(cmd, args)
    if (!issue) {
      runFromPalette(cmd.id, args)
      return null
    }
    const about = steps.find((s) => s.name === issue.field)
    return about && about !== step ? `${about.label}: ${issue.message}` : issue.message
  }

  const Step = step.kind === 'choice' ? ChoiceStep : TextStep
  return (
    <>
      <Breadcrumb cmd={cmd} answers={answers} step={step} />
      <Step key={answers.length} cmd={cmd} step={step} sofar={sofar} onAnswer={onAnswer} />
    </>
  )
}
