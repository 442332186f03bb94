/** Toast messages; the Toaster renders them and removes each when it closes. */
import { proxy } from 'valtio'

export type ToastKind = 'success' | 'error' | 'info'

export interface Toast {
  id: number
  kind: ToastKind
  message: string
}

export const toasts = proxy({ items: [] as Toast[] })

let nextId = 1

export function pushToast(kind: ToastKind, message: string): number {
  const id = nextId++
  toasts.items.push({ id, kind, message })
  return id
}

export function dismissToast(id: number): void {
  toasts.items = toasts.items.filter((t) => t.id !== id)
}

export const toast = {
  success: (message: string) => void pushToast('success', message),
  error: (message: string) => void pushToast('error', message),
  info: (message: string) => void pushToast('info', message),
}
