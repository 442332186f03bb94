/**
 * The command spine (DESIGN.md section 4): every user action is one typed command, declared once,
 * run by buttons, key bindings, the palette and tests alike through `runCommand`.
 */
import { z } from 'zod'
import type { CommandContext } from '../src/web/model/app/context'
import { CommandError } from '../src/web/model/app/command-error'
// types only: all.ts imports every command module, which imports this file
import type { CommandId, ResultOf, RunParams } from './all'
import type { CommandArea } from '../src/shared/routes'

export type CommandSource = 'button' | 'keys' | 'palette' | 'test'

/** A choice the palette offers for an argument (a column, an enum value...). */
export interface ArgOption {
  value: string
  label?: string
  hint?: string
}

/** The options with the one for `current` (the thing in view) first, so Enter takes it. */
export function currentFirst(options: ArgOption[], current: string | undefined): ArgOption[] {
  return [...options.filter((o) => o.value === current), ...options.filter((o) => o.value !== current)]
}

export type AnyArgs = z.ZodObject<z.ZodRawShape>

export interface CommandSpec<A extends AnyArgs, R, I extends string = string> {
  /** dotted, area.noun.verb */
  id: I
  title: string
  /** the area of the pages it serves (its route id's first part) or an app-wide group: the palette lists a page's own first */
  area: CommandArea
  keywords?: string[]
  args?: A
  /** Per argument: the palette offers these as a pick list (enums get theirs from the schema). */
  argOptions?: { [K in keyof z.infer<A>]?: (ctx: CommandContext, sofar: Partial<z.infer<A>>) => ArgOption[] | Promise<ArgOption[]> }
  /** Per argument: a label and placeholder for the palette's step. */
  argLabels?: { [K in keyof z.infer<A>]?: string }
  /** shown (palette, keys) only where this holds */
  when?: (ctx: CommandContext) => boolean
  /** true, or the reason (from the spec) it is disabled */
  enabled?: (ctx: CommandContext) => true | string
  /** a toggle's current state */
  checked?: (ctx: CommandContext) => boolean
  /** not listed in the palette: its arguments cannot be typed (file data, say); buttons and tests run it */
  hidden?: boolean
  run: (ctx: CommandContext, args: z.infer<A>) => R | Promise<R>
}

export interface Command<A extends AnyArgs = AnyArgs, R = unknown, I extends string = string> extends CommandSpec<A, R, I> {
  args: A
}

const empty = z.object({})
const registry = new Map<string, Command>()

export function defineCommand<I extends string, A extends AnyArgs = typeof empty, R = unknown>(
  spec: CommandSpec<A, R, I>,
): Command<A, R, I> {
  if (registry.has(spec.id)) throw new Error(`Duplicate command id: ${spec.id}`)
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/.test(spec.id)) throw new Error(`Command id must be dotted: ${spec.id}`)
  const cmd = { ...spec, args: (spec.args ?? empty) as A } as Command<A, R, I>
  registry.set(spec.id, cmd as unknown as Command)
  return cmd
}

export function getCommand(id: string): Command | undefined {
  return registry.get(id)
}

export function allCommands(): Command[] {
  return [...registry.values()]
}

export { CommandError }

let contextProvider: (() => CommandContext) | null = null

/** The web app and tests each say where the current context comes from. */
export function setCommandContext(provider: () => CommandContext): void {
  contextProvider = provider
}

export function currentContext(): CommandContext {
  if (!contextProvider) throw new Error('No command context: call setCommandContext first')
  return contextProvider()
}

export function isAvailable(cmd: Command, ctx: CommandContext): boolean {
  return cmd.when ? cmd.when(ctx) : true
}

export function disabledReason(cmd: Command, ctx: CommandContext): string | null {
  const r = cmd.enabled ? cmd.enabled(ctx) : true
  return r === true ? null : r
}

/** First zod issue message, for a person to read. */
export function argsError(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid arguments'
  const at = issue.path.length ? `${issue.path.join('.')}: ` : ''
  return `${at}${issue.message}`
}

type Listener = (id: string, source: CommandSource) => void
const listeners = new Set<Listener>()
/** Told after each successful run (the palette keeps recent commands with this). */
export function onCommandRun(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Runs a command the same way from every source: checks `when` and `enabled`, validates the args with
 * the command's zod schema, then runs it. Throws a CommandError with a readable message otherwise.
 */
export async function runCommand<R = unknown>(
  id: string,
  args: unknown = {},
  source: CommandSource = 'button',
): Promise<R> {
  const cmd = registry.get(id)
  if (!cmd) throw new CommandError(`Unknown command: ${id}`, 'unknown')
  const ctx = currentContext()
  if (!isAvailable(cmd, ctx)) throw new CommandError(`${cmd.title} is not available here`, 'unavailable')
  const reason = disabledReason(cmd, ctx)
  if (reason) throw new CommandError(reason, 'disabled')
  const parsed = cmd.args.safeParse(args ?? {})
  if (!parsed.success) throw new CommandError(argsError(parsed.error), 'invalid-args')
  const result = (await cmd.run(ctx, parsed.data)) as R
  for (const l of listeners) l(id, source)
  return result
}

/**
 * `runCommand` typed by id (re-exported as `run` from commands/all.ts, where static callers take it):
 * the args are checked against the command's schema (required when it requires something, optional when
 * `{}` fits), and the result is the command's own. A command module may import it from here, since it
 * must not load commands/all.ts at run time.
 */
export function run<I extends CommandId>(id: I, ...rest: RunParams<I>): Promise<ResultOf<I>> {
  const [args, source] = rest as unknown as [args?: unknown, source?: CommandSource]
  return runCommand<ResultOf<I>>(id, args, source)
}
