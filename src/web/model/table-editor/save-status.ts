/**
 * The footer refresh button's states (spec 4): idle; 'Saving changes' while a row write is under way;
 * 'Changes saved' for SAVED_INDICATOR_MS after the last one succeeds; then idle again.
 */
import { proxy } from 'valtio'
import { SAVED_INDICATOR_MS } from '../../../shared/constants'

export type SaveState = 'idle' | 'saving' | 'saved'

export const saveStatus = proxy({ state: 'idle' as SaveState })

const inFlight = new Set<Promise<unknown>>()
let timer: ReturnType<typeof setTimeout> | undefined

/** Runs a write while the status says so; a failed write leaves the status idle (its error is told elsewhere). */
export async function trackSave<T>(write: () => Promise<T>): Promise<T> {
  clearTimeout(timer)
  saveStatus.state = 'saving'
  const work = write()
  inFlight.add(work)
  let saved = false
  try {
    const result = await work
    saved = true
    return result
  } finally {
    inFlight.delete(work)
    if (inFlight.size === 0) {
      saveStatus.state = saved ? 'saved' : 'idle'
      if (saved) timer = setTimeout(() => (saveStatus.state = 'idle'), SAVED_INDICATOR_MS)
    }
  }
}

/** Resolves once no write is under way (undo waits for the edit it is to take back). */
export async function savesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight])
}
