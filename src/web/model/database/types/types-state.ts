/** The Enumerated Types page's open dialog: create, edit one enum, or delete one (type-to-confirm). */
import { proxy } from 'valtio'

type TypeDialog = { kind: 'create' } | { kind: 'edit'; typeId: number } | { kind: 'delete'; typeId: number }

export const typesState = proxy({ dialog: null as TypeDialog | null })

export function openTypeDialog(dialog: TypeDialog): void {
  typesState.dialog = dialog
}

export function closeTypeDialog(): void {
  typesState.dialog = null
}
