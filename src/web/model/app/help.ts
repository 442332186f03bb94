/** The '?' overlay listing every key binding. */
import { proxy } from 'valtio'

export const help = proxy({ open: false })

export function toggleHelp(): void {
  help.open = !help.open
}

export function setHelpOpen(open: boolean): void {
  help.open = open
}
