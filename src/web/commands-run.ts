/** Running a command from the UI: a failure becomes an error toast instead of an unhandled rejection. */
import { onCommandRun, runCommand, type CommandSource } from '../../commands/registry'
import { rememberCommand } from './model/app/palette'
import type { ArgsParams, CommandId } from '../../commands/all'
import { toast } from './model/app/toasts'
import { errorMessage } from '../shared/error-message'

// The palette lists what was run from it lately.
onCommandRun((id, source) => {
  if (source === 'palette') rememberCommand(id)
})

/** Untyped, for ids that come from data (the palette, the key dispatcher); a static id goes through `press`. */
export function runAndReport(id: string, args: unknown, source: CommandSource): void {
  runCommand(id, args, source).catch((e: unknown) => toast.error(errorMessage(e)))
}

/**
 * What a button or a menu item calls: typed by id, so `press('sql.snippet.rename', { name: 42 })` fails
 * tsc; the args may be left out only when the command's schema accepts `{}`.
 */
export function press<I extends CommandId>(id: I, ...[args]: ArgsParams<I>): void {
  runAndReport(id, args ?? {}, 'button')
}
