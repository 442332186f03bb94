/** The one toast a long object action keeps updating (spec 4: progress toasts), gone when it ends. */
import { dismissToast, pushProgressToast, updateToast } from '../../../app/toasts'

export interface Progress {
  update(message: string, fraction?: number): void
  done(): void
}

export function startProgress(message: string): Progress {
  const id = pushProgressToast(message, 0)
  return {
    update: (next, fraction) => updateToast(id, next, fraction === undefined ? undefined : Math.min(1, Math.max(0, fraction))),
    done: () => dismissToast(id),
  }
}
