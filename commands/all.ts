/**
 * Imports every command module for its registrations, and derives the id union from them.
 * Add a module here when you add an area.
 */
import * as app from './app'
import * as navigation from './navigation'
import * as tableEditor from './table-editor'
import { runCommand, type CommandSource, type Command } from './registry'

type ValuesOf<M> = M[keyof M]
type IdsOf<M> = ValuesOf<M> extends infer C ? (C extends Command<never, unknown, infer I> ? I : never) : never

export type CommandId = IdsOf<typeof app> | IdsOf<typeof navigation> | IdsOf<typeof tableEditor>

/** `runCommand` with the id checked against the registry's ids. */
export function run<R = unknown>(id: CommandId, args: unknown = {}, source: CommandSource = 'button'): Promise<R> {
  return runCommand<R>(id, args, source)
}
