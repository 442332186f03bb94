/** Which object-action dialog is open (Move, Get URL) and on what; commands open them, the dialogs read it. */
import { proxy } from 'valtio'

export const objectDialogs = proxy({
  /** the paths the Move dialog moves, or null when it is closed */
  move: null as string[] | null,
  /** the file the Get URL dialog signs, or null when it is closed */
  url: null as { path: string; isPublic: boolean } | null,
})

export function closeMoveDialog(): void {
  objectDialogs.move = null
}

export function closeUrlDialog(): void {
  objectDialogs.url = null
}
