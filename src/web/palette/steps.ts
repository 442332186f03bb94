/**
 * The palette asks for a command's arguments one step per field of its zod `args` object: a pick list
 * for enums, booleans and fields with `argOptions`; a pick of several for an array of those; a validated
 * text field for the rest (an array: comma separated). A field whose `argWhen` says it does not apply
 * (given the answers before it) is not asked. Pure, so it is tested without React.
 */
import type { z } from 'zod'
import type { ArgOption, Command } from '../../../commands/registry'
import type { CommandContext } from '../model/app/context'

export type ValueType = 'string' | 'number' | 'boolean' | 'list'

export interface ArgStep {
  name: string
  label: string
  /** 'choice' shows a pick list; 'multi' a list to pick several from; 'text' a text field */
  kind: 'choice' | 'multi' | 'text'
  /** what the typed or picked text becomes before validation */
  valueType: ValueType
  /** an optional field may be skipped (empty text, or the 'Skip' item) */
  optional: boolean
  /** fixed choices (enum values, yes/no); absent when the command's argOptions provide them */
  choices?: ArgOption[]
  /** the server searches the argOptions for the text typed (the command's argSearch): asked again as it changes */
  searched?: boolean
  schema: z.ZodType
}

type Def = {
  type: string
  innerType?: z.ZodType
  in?: z.ZodType
  element?: z.ZodType
  entries?: Record<string, string | number>
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def

/** Looks through optional, nullable, default, catch and readonly wrappers (and a pipe's input). */
function baseOf(schema: z.ZodType): z.ZodType {
  let s = schema
  for (;;) {
    const def = defOf(s)
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined)
    if (!inner) return s
    s = inner
  }
}

function humanize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const BOOLEAN_CHOICES: ArgOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
]

const enumChoices = (def: Def): ArgOption[] | undefined =>
  def.type === 'enum' && def.entries ? Object.values(def.entries).map((v) => ({ value: String(v) })) : undefined

export function argSteps(cmd: Command): ArgStep[] {
  return Object.entries(cmd.args.shape).map(([name, field]) => {
    const schema = field as z.ZodType
    const def = defOf(baseOf(schema))
    const label = (cmd.argLabels as Record<string, string | undefined> | undefined)?.[name] ?? humanize(name)
    const optional = schema.safeParse(undefined).success
    const dynamic = Boolean((cmd.argOptions as Record<string, unknown> | undefined)?.[name])
    const valueType: ValueType =
      def.type === 'number' ? 'number' : def.type === 'boolean' ? 'boolean' : def.type === 'array' ? 'list' : 'string'
    const step: ArgStep = { name, label, kind: 'text', valueType, optional, schema }
    if (def.type === 'array') {
      // several values: picked from the options (or the element's enum), else typed comma separated
      const choices = def.element ? enumChoices(defOf(baseOf(def.element))) : undefined
      if (dynamic) return { ...step, kind: 'multi' }
      return choices ? { ...step, kind: 'multi', choices } : step
    }
    const searched = Boolean((cmd.argSearch as Record<string, true | undefined> | undefined)?.[name])
    if (dynamic) return { ...step, kind: 'choice', ...(searched && { searched }) }
    const choices = enumChoices(def)
    if (choices) return { ...step, kind: 'choice', choices }
    if (def.type === 'boolean') return { ...step, kind: 'choice', choices: BOOLEAN_CHOICES }
    return step
  })
}

export type Answer = { ok: true; value: unknown } | { ok: false; message: string }

const validate = (step: ArgStep, value: unknown): Answer => {
  const result = step.schema.safeParse(value)
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid value' }
}

/** Turns typed or picked text into the field's value and validates it with the field's schema. */
export function parseAnswer(step: ArgStep, raw: string): Answer {
  if (step.valueType === 'list') return parseValues(step, raw.split(','))
  const text = step.valueType === 'string' ? raw : raw.trim()
  let value: unknown = text
  if (text === '' && step.optional) value = undefined
  else if (step.valueType === 'number') {
    value = Number(text)
    if (text === '' || Number.isNaN(value)) return { ok: false, message: 'Enter a number' }
  } else if (step.valueType === 'boolean') value = text === 'true'
  return validate(step, value)
}

/** The values picked (or typed comma separated) for an array field: none skips an optional one. */
export function parseValues(step: ArgStep, values: readonly string[]): Answer {
  const items = values.map((v) => v.trim()).filter(Boolean)
  return validate(step, items.length === 0 && step.optional ? undefined : items)
}

/** The steps asked so far (one per answer), the next one to ask (none: every answer is in) and the args. */
export interface StepPlan {
  asked: ArgStep[]
  next: ArgStep | undefined
  values: Record<string, unknown>
}

type ArgWhen = (sofar: Record<string, unknown>, ctx: CommandContext) => boolean

/**
 * Walks the steps with the answers given, in order: a step whose `argWhen` is false for the answers before
 * it is passed over (left out of the args); a skipped optional field is left out too.
 */
export function planSteps(cmd: Command, answers: readonly unknown[], ctx: CommandContext): StepPlan {
  const when = (cmd.argWhen ?? {}) as Record<string, ArgWhen | undefined>
  const plan: StepPlan = { asked: [], next: undefined, values: {} }
  for (const step of argSteps(cmd)) {
    if (when[step.name] && !when[step.name]!(plan.values, ctx)) continue
    if (plan.asked.length === answers.length) {
      plan.next = step
      break
    }
    const value = answers[plan.asked.length]
    plan.asked.push(step)
    if (value !== undefined) plan.values[step.name] = value
  }
  return plan
}

/** A command whose args accept {} runs at once; otherwise the palette asks first. */
export function needsArgs(cmd: Command): boolean {
  return !cmd.args.safeParse({}).success
}

/**
 * The checks across fields (an object refinement) can only run once every answer is in: the issue,
 * if any, with the field it is about.
 */
export function finalIssue(cmd: Command, args: Record<string, unknown>): { field?: string; message: string } | null {
  const result = cmd.args.safeParse(args)
  if (result.success) return null
  const issue = result.error.issues[0]
  if (!issue) return { message: 'Invalid arguments' }
  const field = issue.path[0]
  return { field: field === undefined ? undefined : String(field), message: issue.message }
}
