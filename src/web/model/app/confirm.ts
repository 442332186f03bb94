/**
 * `requestConfirm(opts)` asks the person and resolves with their answer; the ConfirmHost renders the
 * question. One question at a time: a new one answers the one still open with false.
 */
import { proxy, ref } from 'valtio'
import type { ConfirmOptions } from './context'

interface Pending {
  options: ConfirmOptions
  resolve: (answer: boolean) => void
}

export const confirmState = proxy({ pending: null as Pending | null })

export function requestConfirm(options: ConfirmOptions): Promise<boolean> {
  answerConfirm(false)
  return new Promise((resolve) => {
    confirmState.pending = ref({ options, resolve })
  })
}

export function answerConfirm(answer: boolean): void {
  const pending = confirmState.pending
  if (!pending) return
  confirmState.pending = null
  pending.resolve(answer)
}
