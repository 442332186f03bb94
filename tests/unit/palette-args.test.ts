/** The palette's argument steps, from a command's zod args: kinds, choices, validation, skipping. */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCommand } from '../../commands/registry'
import { argSteps, finalIssue, needsArgs, parseAnswer, stepValues, type ArgStep } from '../../src/web/palette/steps'

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

describe('stepValues and the last check', () => {
  it('builds the args from the answers, leaving skipped fields out', () => {
    expect(stepValues(argSteps(misc), [3, true, undefined, 't'])).toEqual({ limit: 3, cascade: true, tableName: 't' })
    expect(stepValues(argSteps(filter), ['id'])).toEqual({ column: 'id' })
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
