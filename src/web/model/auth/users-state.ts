/**
 * The Users page's UI state: which dialog is open (create, invite, magic link, recovery, ban, delete), and
 * the row the keyboard is on. The open user's panel lives in the URL (?user=).
 */
import { proxy } from 'valtio'

export type UserDialog =
  | { kind: 'create' }
  | { kind: 'invite' }
  | { kind: 'magic-link'; email?: string }
  | { kind: 'recovery'; email?: string }
  | { kind: 'ban'; userId: string }
  | { kind: 'delete'; userId: string }

export const usersState = proxy({
  dialog: null as UserDialog | null,
  /** the user the keyboard is on (its row is highlighted; Shift+O opens it) */
  focusedUserId: null as string | null,
})

export function openUserDialog(dialog: UserDialog): void {
  usersState.dialog = dialog
}

export function closeUserDialog(): void {
  usersState.dialog = null
}

export function focusUser(id: string | null): void {
  usersState.focusedUserId = id
}
