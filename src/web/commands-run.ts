/** Running a command from the UI: a failure becomes an error toast instead of an unhandled rejection. */
import { onCommandRun, runCommand, type CommandSource } from '../../commands/registry'
import { rememberCommand } from './model/app/palette'
import type { CommandId } from '../../commands/all'
import { toast } from './model/app/toasts'
import { errorMessage } from '../shared/error-message'

// The palette lists what was run from it lately.
onCommandRun((id, source) => {
  if (source === 'palette') rememberCommand(id)
})

export function runAndReport(id: string, args: unknown, source: CommandSource): void {
  runCommand(id, args, source).catch((e: unknown) => toast.error(errorMessage(e)))
}

/** What a button or a menu item calls. */
export function press(id: CommandId, args: unknown = {}): void {
  runAndReport(id, args, 'button')
}
