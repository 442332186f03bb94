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

/**
 * Options that are a first part of more (a table picker lists the server's first RELATIONS_LIMIT): `total`
 * is how many there are in all, and the palette says that typing searches the rest.
 */
export function someOptions(options: ArgOption[], total: number): ArgOption[] {
  return Object.assign(options, { total })
}

/** How many options there are in all, when `options` are only some of them (see someOptions). */
export function optionsTotal(options: readonly ArgOption[]): number | undefined {
  return (options as { total?: number }).total
}

/** What the palette passes an argument's options besides the arguments so far: the text typed in its step, trimmed. */
export interface ArgQuery {
  query: string
}

/** No text typed: what a caller that is not the palette (a test, a button) passes, when it passes nothing. */
export const NO_QUERY: ArgQuery = { query: '' }

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
  argOptions?: {
    [K in keyof z.infer<A>]?: (ctx: CommandContext, sofar: Partial<z.infer<A>>, typed?: ArgQuery) => ArgOption[] | Promise<ArgOption[]>
  }
  /**
   * Per argument with argOptions: the server searches the options for the text typed (`typed.query`), so
   * the palette asks again once the text rests instead of holding one list (tables past the first page).
   */
  argSearch?: { [K in keyof z.infer<A>]?: true }
  /** Per argument: a label and placeholder for the palette's step. */
  argLabels?: { [K in keyof z.infer<A>]?: string }
  /**
   * Per argument: whether it applies, given the arguments before it (a WITH CHECK for a SELECT policy does
   * not). The palette does not ask one that does not; the body refuses it when given.
   */
  argWhen?: { [K in keyof z.infer<A>]?: (sofar: Partial<z.infer<A>>, ctx: CommandContext) => boolean }
  /** What the palette shows for a last look before it runs (the SQL a save runs); throws why it cannot run. */
  review?: (ctx: CommandContext, args: z.infer<A>) => string | Promise<string>
  /** shown (palette, keys) only where this holds */
  when?: (ctx: CommandContext) => boolean
  /** true, or the reason (from the spec) it is disabled */
  enabled?: (ctx: CommandContext) => true | string
  /** a toggle's current state */
  checked?: (ctx: CommandContext) => boolean
  /** not listed in the palette: its arguments cannot be typed (file data, say); buttons and tests run it */
  hidden?: boolean
  /** the body: inline when it needs nothing the declaration does not import already, else `lazyRun(...)` */
  run: (ctx: CommandContext, args: z.infer<A>) => R | Promise<R>
}

export interface Command<A extends AnyArgs = AnyArgs, R = unknown, I extends string = string> extends CommandSpec<A, R, I> {
  args: A
}

// ---- run bodies that load on first use ----

const LOAD = Symbol('load')

/** What `lazyRun` returns: the body, which loads its module the first time it runs. */
export interface LazyRun<Args = never, R = unknown> {
  (ctx: CommandContext, args: Args): Promise<R>
  [LOAD]: () => Promise<unknown>
}

/** The args a body takes: its second parameter (none: it takes none). */
type BodyArgs<F> = F extends (ctx: CommandContext, args: infer X) => unknown ? X : never

/** Each run module's loader, with the area of its commands. */
const bodyLoaders = new Map<() => Promise<unknown>, CommandArea>()
/** The run modules loaded so far, by loader. */
const loadedModules = new Map<() => Promise<unknown>, Record<string, unknown>>()

function loadModule(load: () => Promise<unknown>): Promise<Record<string, unknown>> {
  return load().then((m) => {
    loadedModules.set(load, m as Record<string, unknown>)
    return m as Record<string, unknown>
  })
}

/**
 * A run body kept in a module of its own, `commands/<namespace>.run.ts`, loaded the first time one of its
 * commands runs (DESIGN.md section 4: declarations load eagerly, bodies per area on first use, so the
 * entry chunk holds no body, nor what only a body imports):
 *
 *     const load = () => import('./grid-io.run')
 *     export const ExportArgs = z.object({ ... })
 *     export const exportCsv = defineCommand({ id: 'grid.export.csv', ..., args: ExportArgs, run: lazyRun(load, 'exportCsv') })
 *
 * The body is the run module's export of that name, `(ctx, args) => result`, its args typed from the
 * schema the declaring module exports (`args: z.infer<typeof ExportArgs>`), so the command's result type
 * still comes from its body and `tsc` still checks the body against the schema. Once its module is
 * loaded, a body starts synchronously, like an inline one: a second key press finds its state changed.
 */
export function lazyRun<M, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyRun<BodyArgs<M[K]>, M[K] extends (...a: never[]) => infer R ? Awaited<R> : never> {
  const start = (m: Record<string, unknown>, ctx: CommandContext, args: unknown): Promise<unknown> => {
    const body = m[name]
    if (typeof body !== 'function') return Promise.reject(new Error(`The run module has no body named ${name}`))
    try {
      return Promise.resolve((body as (ctx: CommandContext, args: unknown) => unknown)(ctx, args))
    } catch (e) {
      return Promise.reject(e)
    }
  }
  const run = (ctx: CommandContext, args: unknown) => {
    const loaded = loadedModules.get(load)
    return loaded ? start(loaded, ctx, args) : loadModule(load).then((m) => start(m, ctx, args))
  }
  return Object.assign(run, { [LOAD]: load }) as never
}

/** The load a command's body still waits for before it can start at once, or null (an inline or loaded body). */
export function pendingLoad(cmd: Pick<Command, 'run'>): Promise<unknown> | null {
  const load = (cmd.run as Partial<LazyRun>)[LOAD]
  if (!load || loadedModules.has(load)) return null
  return loadModule(load)
}

/**
 * Loads the run modules of an area's commands (all of them without one), so the first press runs at once:
 * the app calls it for the page in view once the browser is idle.
 */
export function preloadBodies(...areas: CommandArea[]): Promise<unknown> {
  const loads = [...bodyLoaders]
    .filter(([load, area]) => !loadedModules.has(load) && (areas.length === 0 || areas.includes(area)))
    .map(([load]) => loadModule(load))
  return Promise.all(loads)
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
  const load = (spec.run as Partial<LazyRun>)[LOAD]
  if (load && !bodyLoaders.has(load)) bodyLoaders.set(load, spec.area)
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
