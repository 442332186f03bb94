/** Which wrappers dialog is open: create a postgres_fdw server, or import a foreign schema from one. */
import { proxy } from 'valtio'

type WrapperDialog = { kind: 'server' } | { kind: 'import'; server: string }

export const wrappersState = proxy({ dialog: null as WrapperDialog | null })

export function openWrapperDialog(target: WrapperDialog): void {
  wrappersState.dialog = target
}

export function closeWrapperDialog(): void {
  wrappersState.dialog = null
}
