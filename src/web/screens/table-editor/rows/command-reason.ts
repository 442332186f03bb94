/** Why a command is disabled right now (its `enabled` reason), for a button to show; null when it may run. */
import { currentContext, disabledReason, getCommand } from '../../../../../commands/registry'
import type { CommandId } from '../../../../../commands/all'

export function commandReason(id: CommandId): string | null {
  const cmd = getCommand(id)
  return cmd ? disabledReason(cmd, currentContext()) : null
}
