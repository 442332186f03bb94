/**
 * A source page's own state (not server data): the event chosen in the list and whether its JSON panel is
 * open, the live tail (asked for, and paused while the list is scrolled away from the newest), and a
 * request to focus the search box (a command cannot reach the DOM, the page answers it).
 */
import { proxy } from 'valtio'

export const sourceLogsState = proxy({
  selectedId: null as string | null,
  panelOpen: false,
  tail: false,
  /** the list is scrolled away from its top: the tail waits */
  scrolledAway: false,
  /** bumped by logs.source.search.focus */
  searchFocus: 0,
})

/** A fresh page: nothing chosen, no tail (kept while only the range or search changes). */
export function resetSourceLogs(): void {
  Object.assign(sourceLogsState, { selectedId: null, panelOpen: false, tail: false, scrolledAway: false })
}
