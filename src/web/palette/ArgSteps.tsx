/**
 * The palette's argument pages: one step per field of the command's args that applies (its argWhen), a
 * pick list, a pick of several (an array) or a validated text field. A pick list the server searches (the
 * command's argSearch) asks again for the text typed once it rests (palette.query); the others load once
 * and filter here. Backspace on an empty field goes back one step (Escape too, handled by the dialog).
 * A command with a `review` ends on a page showing what it will run (its SQL); Enter there runs it.
 * A pick list holds every option, drawn virtualized (PaletteList).
 */
import { useMemo, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { ChevronRight } from 'lucide-react'
import { currentContext, type ArgOption, type Command as Cmd } from '../../../commands/registry'
import { MSG } from '../../shared/messages'
import { answerStep, palette, setPaletteSearch, type Answer } from '../model/app/palette'
import { toast } from '../model/app/toasts'
import { OptionsStatus } from './StepParts'
import { MultiStep } from './MultiStep'
import { ReviewStep } from './ReviewStep'
import { runFromPalette } from './run'
import { keywordsOf, rankOptions, type PaletteRow } from './list'
import { PaletteList } from './PaletteList'
import { backOnEmpty, useStepOptions, type StepProps } from './step-options'
import { finalIssue, parseAnswer, planSteps, type ArgStep } from './steps'

const SKIP = '\u0000skip'

function Breadcrumb({ cmd, answers, current }: { cmd: Cmd; answers: readonly Answer[]; current: ArgStep | 'review' }) {
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
        {current === 'review' ? 'Review' : current.label}
        {current !== 'review' && current.optional && <span className="palette-crumb__optional">optional</span>}
      </span>
    </div>
  )
}

/** The Skip row of an optional step: first, and matched by 'skip' or 'none' when the list filters here. */
const SKIP_OPTION: ArgOption = { value: SKIP, label: 'Skip' }
const skipKeywords = (o: ArgOption) => (o === SKIP_OPTION ? ['skip', 'none'] : keywordsOf(o))

function ChoiceStep({ cmd, step, sofar, onAnswer }: StepProps) {
  const { search, query } = useSnapshot(palette)
  // options the server searches are asked for the text once it rests (palette.query) and shown as it
  // answers, in its order; the others load once and are filtered here as the text changes
  const typed = step.searched ? query : ''
  const options = useStepOptions({ cmd, step, sofar }, typed)
  // while the text has not rested, no answer matches it: nothing to pick (Enter must not take a stale row)
  const waiting = Boolean(step.searched) && typed !== search.trim()
  const loading = options.isLoading || waiting
  const choices = step.choices ?? (waiting ? undefined : options.data?.list)
  const total = waiting ? undefined : options.data?.total
  const rows = useMemo(() => {
    const all = [...(step.optional ? [SKIP_OPTION] : []), ...(choices ?? [])]
    const ranked = step.searched ? all : rankOptions(all, search, skipKeywords)
    return ranked.map((item): PaletteRow<ArgOption> => ({ kind: 'option', key: item.value, item }))
  }, [choices, search, step.optional, step.searched])

  function choose(answer: Answer): void {
    const problem = onAnswer(answer)
    if (problem) toast.error(problem)
  }

  function pick(option: ArgOption): void {
    if (option === SKIP_OPTION) return choose({ value: undefined, label: 'skipped' })
    const answer = parseAnswer(step, option.value)
    if (answer.ok) choose({ value: answer.value, label: option.label ?? option.value })
    else toast.error(answer.message)
  }

  return (
    <PaletteList
      label={step.label}
      placeholder="Type to filter…"
      rows={rows}
      onPick={pick}
      onInputKeyDown={backOnEmpty}
      renderOption={(o) =>
        o === SKIP_OPTION ? (
          <span className="palette-item__main palette-item__skip">Skip</span>
        ) : (
          <>
            <span className="palette-item__main">
              <span className="palette-item__title">{o.label ?? o.value}</span>
            </span>
            {o.hint && <span className="palette-item__hint">{o.hint}</span>}
          </>
        )
      }
      status={
        <>
          <OptionsStatus loading={loading} error={options.error} />
          {!loading && rows.length === 0 && <div className="palette-empty">{MSG.noResults}</div>}
          {!loading && choices && total !== undefined && total > choices.length && (
            <div className="palette-status">{MSG.paletteSomeOptions(choices.length, total)}</div>
          )}
        </>
      }
    />
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
  const list = step.valueType === 'list'

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    if (e.key !== 'Enter') return backOnEmpty(e)
    e.preventDefault()
    setTried(true)
    if (answer.ok) setProblem(onAnswer({ value: answer.value, label: search.trim() === '' ? 'skipped' : search }))
  }

  const placeholder = list ? 'Values, comma separated…' : 'Type a value…'
  return (
    <div className="palette-command">
      <div className="palette-input-row">
        <input
          autoFocus
          className="palette-input"
          placeholder={step.optional ? `${placeholder.slice(0, -1)}, or nothing to skip…` : placeholder}
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

const STEP_VIEWS = { choice: ChoiceStep, multi: MultiStep, text: TextStep } as const

export function ArgSteps({ cmd }: { cmd: Cmd }) {
  const { answers } = useSnapshot(palette)
  const values = answers.map((a) => a.value)
  const plan = planSteps(cmd, values, currentContext())
  const step = plan.next
  // every answer in: only a command with a review gets here (the others run on their last answer)
  if (!step) {
    if (!cmd.review) return null
    return (
      <>
        <Breadcrumb cmd={cmd} answers={answers} current="review" />
        <ReviewStep cmd={cmd} args={plan.values} />
      </>
    )
  }

  function onAnswer(answer: Answer): string | null {
    const after = planSteps(cmd, [...values, answer.value], currentContext())
    if (after.next) {
      answerStep(answer)
      return null
    }
    const issue = finalIssue(cmd, after.values)
    if (issue) {
      const about = after.asked.find((s) => s.name === issue.field)
      return about && about !== step ? `${about.label}: ${issue.message}` : issue.message
    }
    if (cmd.review) answerStep(answer)
    else runFromPalette(cmd.id, after.values)
    return null
  }

  const Step = STEP_VIEWS[step.kind]
  return (
    <>
      <Breadcrumb cmd={cmd} answers={answers} current={step} />
      <Step key={answers.length} cmd={cmd} step={step} sofar={plan.values} onAnswer={onAnswer} />
    </>
  )
}
