import { runCommand } from '../../../commands/registry'
import { closePalette } from '../state/palette'
import { toast } from '../state/toasts'

/** Closes the palette, then runs; a failure shows as a toast. */
export function runFromPalette(id: string, args: Record<string, unknown>): void {
  closePalette()
  runCommand(id, args, 'palette').catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))
}
