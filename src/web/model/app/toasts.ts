/**
 * Toast messages; the Toaster renders them (newest on top) and removes each when it closes. At most
 * MAX_TOASTS show at once: a new one pushes out the oldest finished message (a progress toast stays until
 * its work dismisses it), and a message that is already showing is not stacked again but counted.
 */
import { proxy } from 'valtio'

export type ToastKind = 'success' | 'error' | 'info'

/** How many toasts show at once. */
export const MAX_TOASTS = 3

export interface Toast {
  id: number
  kind: ToastKind
  message: string
  /** how many times this message came while it showed (1 at first) */
  count: number
  /** set while a long action runs (0..1): the toast stays open and shows a bar until it is dismissed */
  progress?: number
}

/** Oldest first. */
export const toasts = proxy({ items: [] as Toast[] })

let nextId = 1

/** Drops the oldest finished toasts past MAX_TOASTS. */
function cap(): void {
  let over = toasts.items.length - MAX_TOASTS
  if (over <= 0) return
  toasts.items = toasts.items.filter((t) => t.progress !== undefined || over-- <= 0)
}

export function pushToast(kind: ToastKind, message: string): number {
  const same = toasts.items.find((t) => t.kind === kind && t.message === message && t.progress === undefined)
  if (same) {
    // the same message again: counted, and moved up as the newest (its time starts again)
    toasts.items = [...toasts.items.filter((t) => t !== same), { ...same, count: same.count + 1 }]
    return same.id
  }
  const id = nextId++
  toasts.items.push({ id, kind, message, count: 1 })
  cap()
  return id
}

/** A toast that stays while work runs; update it with `updateToast`, then dismiss it. */
export function pushProgressToast(message: string, progress = 0): number {
  const id = nextId++
  toasts.items.push({ id, kind: 'info', message, count: 1, progress })
  cap()
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
