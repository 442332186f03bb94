/**
 * What a key binding does: runs its command if `when` holds, tells the disabled reason as a toast,
 * and opens the palette at the first argument step when the command needs arguments.
 */
import { currentContext, disabledReason, getCommand, isAvailable } from '../../../commands/registry'
import { runAndReport } from '../commands-run'
import { needsArgs } from '../palette/steps'
import { openPalette } from '../model/app/palette'
import { toast } from '../model/app/toasts'

/** Returns false when the key means nothing here (so the browser keeps its default). */
export function dispatchKey(id: string): boolean {
  const cmd = getCommand(id)
  if (!cmd) return false
  const ctx = currentContext()
  if (!isAvailable(cmd, ctx)) return false
  const reason = disabledReason(cmd, ctx)
  if (reason) {
    toast.info(reason)
    return true
  }
  if (needsArgs(cmd)) {
    openPalette(id)
    return true
  }
  runAndReport(id, {}, 'keys')
  return true
}
