/** Which role dialog is open: create, or edit one role (by id). */
import { proxy } from 'valtio'

type RoleDialogTarget = { kind: 'create' } | { kind: 'edit'; roleId: number }

export const rolesState = proxy({ dialog: null as RoleDialogTarget | null })

export function openRoleDialog(target: RoleDialogTarget): void {
  rolesState.dialog = target
}

export function closeRoleDialog(): void {
  rolesState.dialog = null
}
