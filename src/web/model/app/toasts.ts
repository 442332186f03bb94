/** Toast messages; the Toaster renders them and removes each when it closes. */
import { proxy } from 'valtio'

export type ToastKind = 'success' | 'error' | 'info'

export interface Toast {
  id: number
  kind: ToastKind
  message: string
  /** set while a long action runs (0..1): the toast stays open and shows a bar until it is dismissed */
  progress?: number
}

export const toasts = proxy({ items: [] as Toast[] })

let nextId = 1

export function pushToast(kind: ToastKind, message: string): number {
  const id = nextId++
  toasts.items.push({ id, kind, message })
  return id
}

/** A toast that stays while work runs; update it with `updateToast`, then dismiss it. */
export function pushProgressToast(message: string, progress = 0): number {
  const id = nextId++
  toasts.items.push({ id, kind: 'info', message, progress })
  return id
}

export function updateToast(id: number, message: string, progress?: number): void {
  const t = toasts.items.find((x) => x.id === id)
  if (!t) return
  t.message = message
  if (progress !== undefined) t.progress = progress
}

export function dismissToast(id: number): void {
  toasts.items = toasts.items.filter((t) => t.id !== id)
}

export const toast = {
  success: (message: string) => void pushToast('success', message),
  error: (message: string) => void pushToast('error', message),
  info: (message: string) => void pushToast('info', message),
}
