/** Running a command from the UI: a failure becomes an error toast instead of an unhandled rejection. */
import { runCommand, type CommandSource } from '../../commands/registry'
import type { CommandId } from '../../commands/all'
import { toast } from './state/toasts'
import { errorMessage } from '../shared/error-message'

export function runAndReport(id: string, args: unknown, source: CommandSource): void {
  runCommand(id, args, source).catch((e: unknown) => toast.error(errorMessage(e)))
}

/** What a button or a menu item calls. */
export function press(id: CommandId, args: unknown = {}): void {
  runAndReport(id, args, 'button')
}
