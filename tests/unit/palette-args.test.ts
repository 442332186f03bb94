/** The palette's argument steps, from a command's zod args: kinds, choices, validation, skipping. */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCommand } from '../../commands/registry'
import type { CommandContext } from '../../src/web/model/app/context'
import { argSteps, finalIssue, needsArgs, parseAnswer, parseValues, planSteps, type ArgStep } from '../../src/web/palette/steps'

const noop = () => undefined

const filter = defineCommand({
  id: 'test.args.filter',
  title: 'Filter',
  area: 'app',
  args: z
    .object({
      column: z.string().min(1, 'Pick a column'),
      operator: z.enum(['eq', 'is']),
      value: z.string(),
    })
    .superRefine((a, ctx) => {
      if (a.operator === 'is' && a.value !== 'null') ctx.addIssue({ code: 'custom', path: ['value'], message: "'is' takes null" })
    }),
  argOptions: { column: () => [{ value: 'id' }, { value: 'name' }] },
  argLabels: { column: 'Column' },
  run: noop,
})

const misc = defineCommand({
  id: 'test.args.misc',
  title: 'Misc',
  area: 'app',
  args: z.object({
    limit: z.number().int().min(1, 'At least 1'),
    cascade: z.boolean(),
    note: z.string().max(5, 'Too long').optional(),
    tableName: z.string().default('t'),
  }),
  run: noop,
})

const plain = defineCommand({ id: 'test.args.plain', title: 'Plain', area: 'app', run: noop })

const lists = defineCommand({
  id: 'test.args.lists',
  title: 'Lists',
  area: 'app',
  args: z.object({
    roles: z.array(z.string().min(1)).optional(),
    tags: z.array(z.string().min(1)).min(1, 'At least one tag'),
    modes: z.array(z.enum(['read', 'write'])).default([]),
  }),
  argOptions: { roles: () => [{ value: 'anon' }, { value: 'authenticated' }] },
  run: noop,
})

/** A policy-like command: WITH CHECK is asked only for the operations that take it. */
const guarded = defineCommand({
  id: 'test.args.guarded',
  title: 'Guarded',
  area: 'app',
  args: z.object({ op: z.enum(['SELECT', 'INSERT']), using: z.string().optional(), check: z.string().optional(), name: z.string() }),
  argWhen: { using: (sofar) => sofar.op !== 'INSERT', check: (sofar) => sofar.op === 'INSERT' },
  run: noop,
})

const noContext = {} as CommandContext

function step(cmd: Parameters<typeof argSteps>[0], name: string): ArgStep {
  const s = argSteps(cmd).find((x) => x.name === name)
  if (!s) throw new Error(`no step ${name}`)
  return s
}

describe('argSteps', () => {
  it('asks one step per field, in order', () => {
    expect(argSteps(filter).map((s) => s.name)).toEqual(['column', 'operator', 'value'])
    expect(argSteps(plain)).toEqual([])
  })

  it('offers a pick list for argOptions, enums and booleans, a text field otherwise', () => {
    expect(step(filter, 'column')).toMatchObject({ kind: 'choice', label: 'Column' })
    expect(step(filter, 'column').choices).toBeUndefined()
    expect(step(filter, 'operator')).toMatchObject({ kind: 'choice', choices: [{ value: 'eq' }, { value: 'is' }] })
    expect(step(misc, 'cascade')).toMatchObject({
      kind: 'choice',
      valueType: 'boolean',
      choices: [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }],
    })
    expect(step(filter, 'value')).toMatchObject({ kind: 'text', valueType: 'string', optional: false })
    expect(step(misc, 'limit')).toMatchObject({ kind: 'text', valueType: 'number' })
  })

  it('labels a field from argLabels, or from its name', () => {
    expect(step(misc, 'tableName').label).toBe('Table name')
  })

  it('knows optional and defaulted fields may be skipped', () => {
    expect(step(misc, 'note').optional).toBe(true)
    expect(step(misc, 'tableName').optional).toBe(true)
    expect(step(misc, 'limit').optional).toBe(false)
  })
})

describe('parseAnswer', () => {
  it("shows the field's own zod message and only accepts valid input", () => {
    expect(parseAnswer(step(filter, 'column'), '')).toEqual({ ok: false, message: 'Pick a column' })
    expect(parseAnswer(step(filter, 'column'), 'id')).toEqual({ ok: true, value: 'id' })
    expect(parseAnswer(step(misc, 'note'), 'far too long')).toEqual({ ok: false, message: 'Too long' })
  })

  it('turns text into a number before validating', () => {
    expect(parseAnswer(step(misc, 'limit'), ' 42 ')).toEqual({ ok: true, value: 42 })
    expect(parseAnswer(step(misc, 'limit'), '0')).toEqual({ ok: false, message: 'At least 1' })
    expect(parseAnswer(step(misc, 'limit'), 'many')).toEqual({ ok: false, message: 'Enter a number' })
    expect(parseAnswer(step(misc, 'limit'), '')).toEqual({ ok: false, message: 'Enter a number' })
  })

  it('turns a yes/no pick into a boolean', () => {
    expect(parseAnswer(step(misc, 'cascade'), 'true')).toEqual({ ok: true, value: true })
    expect(parseAnswer(step(misc, 'cascade'), 'false')).toEqual({ ok: true, value: false })
  })

  it('skips an empty optional field, and fills in a default', () => {
    expect(parseAnswer(step(misc, 'note'), '')).toEqual({ ok: true, value: undefined })
    expect(parseAnswer(step(misc, 'tableName'), '')).toEqual({ ok: true, value: 't' })
  })

  it('keeps spaces in free text', () => {
    expect(parseAnswer(step(filter, 'value'), ' a b ')).toEqual({ ok: true, value: ' a b ' })
  })
})

describe('array arguments', () => {
  it('picks several from the options or the enum, and types the others comma separated', () => {
    expect(step(lists, 'roles')).toMatchObject({ kind: 'multi', valueType: 'list', optional: true })
    expect(step(lists, 'roles').choices).toBeUndefined()
    expect(step(lists, 'modes')).toMatchObject({ kind: 'multi', choices: [{ value: 'read' }, { value: 'write' }] })
    expect(step(lists, 'tags')).toMatchObject({ kind: 'text', valueType: 'list', optional: false })
  })

  it('answers an array, never the text the schema refuses', () => {
    expect(parseValues(step(lists, 'roles'), ['anon', 'authenticated'])).toEqual({ ok: true, value: ['anon', 'authenticated'] })
    expect(parseAnswer(step(lists, 'tags'), ' a, b ,,c ')).toEqual({ ok: true, value: ['a', 'b', 'c'] })
    expect(parseAnswer(step(lists, 'tags'), '')).toEqual({ ok: false, message: 'At least one tag' })
    expect(parseValues(step(lists, 'modes'), ['read', 'nope'])).toMatchObject({ ok: false })
  })

  it('skips an optional array when nothing is picked', () => {
    expect(parseValues(step(lists, 'roles'), [])).toEqual({ ok: true, value: undefined })
    expect(parseValues(step(lists, 'modes'), [])).toEqual({ ok: true, value: [] })
  })
})

describe('planSteps and the last check', () => {
  it('builds the args from the answers, leaving skipped fields out', () => {
    expect(planSteps(misc, [3, true, undefined, 't'], noContext)).toMatchObject({ next: undefined, values: { limit: 3, cascade: true, tableName: 't' } })
    expect(planSteps(filter, ['id'], noContext)).toMatchObject({ next: { name: 'operator' }, values: { column: 'id' } })
  })

  it('does not ask a step that does not apply to the answers before it', () => {
    const names = (answers: unknown[]) => {
      const plan = planSteps(guarded, answers, noContext)
      return [plan.asked.map((s) => s.name), plan.next?.name]
    }
    expect(names(['SELECT'])).toEqual([['op'], 'using'])
    expect(names(['SELECT', 'true'])).toEqual([['op', 'using'], 'name'])
    expect(names(['INSERT'])).toEqual([['op'], 'check'])
    expect(names(['INSERT', 'x', 'n'])).toEqual([['op', 'check', 'name'], undefined])
    expect(planSteps(guarded, ['INSERT', 'x', 'n'], noContext).values).toEqual({ op: 'INSERT', check: 'x', name: 'n' })
  })

  it('reports a check across fields against the field it is about', () => {
    expect(finalIssue(filter, { column: 'id', operator: 'is', value: 'x' })).toEqual({ field: 'value', message: "'is' takes null" })
    expect(finalIssue(filter, { column: 'id', operator: 'is', value: 'null' })).toBeNull()
  })

  it('runs a command at once when its args accept nothing', () => {
    expect(needsArgs(plain)).toBe(false)
    expect(needsArgs(filter)).toBe(true)
  })
})
