/**
 * What a key binding does: runs its command if `when` holds, tells the disabled reason as a toast,
 * and opens the palette at the first argument step when the command needs arguments.
 */
import { currentContext, disabledReason, getCommand, isAvailable, pendingLoad } from '../../../commands/registry'
import { errorMessage } from '../../shared/error-message'
import { runAndReport } from '../commands-run'
import { needsArgs } from '../palette/steps'
import { openPalette } from '../model/app/palette'
import { toast } from '../model/app/toasts'

/**
 * Keys that came while a command's body was still loading, in order: each is judged (when, enabled) only
 * once the keys before it have acted, so ArrowDown then Enter opens the item the first key moved to.
 */
let queued: Promise<void> | null = null

/** Returns false when the key means nothing here (so the browser keeps its default). */
export function dispatchKey(id: string): boolean {
  const cmd = getCommand(id)
  if (!cmd) return false
  // A command that asks for arguments opens the palette at once: its body is needed only once they are in.
  const loading = needsArgs(cmd) ? null : pendingLoad(cmd)
  if (!queued && !loading) return dispatchNow(id)
  const next: Promise<void> = (queued ?? Promise.resolve())
    .then(() => loading)
    .then(
      () => void dispatchNow(id),
      (e: unknown) => toast.error(errorMessage(e)),
    )
    .finally(() => {
      if (queued === next) queued = null
    })
  queued = next
  return true
}

function dispatchNow(id: string): boolean {
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
