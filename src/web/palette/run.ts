import { runAndReport } from '../commands-run'
import { closePalette } from '../model/app/palette'

/** Closes the palette, then runs; a failure shows as a toast. */
export function runFromPalette(id: string, args: Record<string, unknown>): void {
  closePalette()
  runAndReport(id, args, 'palette')
}
