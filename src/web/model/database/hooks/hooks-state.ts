/** Whether the create-webhook dialog is open. */
import { proxy } from 'valtio'

export const hooksState = proxy({ createOpen: false })

export function openCreateHookDialog(): void {
  hooksState.createOpen = true
}

export function closeCreateHookDialog(): void {
  hooksState.createOpen = false
}
