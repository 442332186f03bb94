/** The extension whose "enable" dialog (choose a schema) is open, if any. */
import { proxy } from 'valtio'

export const extensionsState = proxy({ enabling: null as string | null })

export function openEnableDialog(name: string): void {
  extensionsState.enabling = name
}

export function closeEnableDialog(): void {
  extensionsState.enabling = null
}
