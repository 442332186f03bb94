/**
 * Running commands from a test, as the 'test' source. `run` is typed by id like `press` and `run` in the
 * app (args checked against the command's schema, the result is the command's own), so renaming an
 * argument breaks the tests at tsc time. A test that passes wrong arguments on purpose, to check the
 * validation message, says so with `runUnchecked`.
 *
 * Only types come from commands/all.ts: a test file registers just the command modules it imports.
 */
import { runCommand } from '../../commands/registry'
import type { ArgsParams, CommandId, ResultOf } from '../../commands/all'

export function run<I extends CommandId>(id: I, ...rest: ArgsParams<I>): Promise<ResultOf<I>> {
  const [args] = rest as unknown as [args?: unknown]
  return runCommand<ResultOf<I>>(id, args, 'test')
}

/** Deliberately unchecked: for a wrong or unknown id or args, to see how the command refuses them. */
export function runUnchecked<R = unknown>(id: string, args?: unknown): Promise<R> {
  return runCommand<R>(id, args, 'test')
}
