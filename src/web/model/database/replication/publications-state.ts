/** Which publication dialog is open: create one, or choose the tables of one (by id). */
import { proxy } from 'valtio'

type PublicationDialog = { kind: 'create' } | { kind: 'tables'; id: number }

export const publicationsState = proxy({ dialog: null as PublicationDialog | null })

export function openPublicationDialog(target: PublicationDialog): void {
  publicationsState.dialog = target
}

export function closePublicationDialog(): void {
  publicationsState.dialog = null
}
