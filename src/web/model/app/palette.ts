/**
 * The ⌘K palette: open or closed, the command whose arguments are being asked (one answer per step),
 * the search text (and the same text once it rests, for options the server searches), and the recent
 * commands (persisted, shown first).
 */
import { proxy } from 'valtio'
import { z } from 'zod'
import { LS_KEYS } from '../../../shared/constants'
import { readJson, writeJson } from './local-storage'

const RECENT_MAX = 5
/** How long the typed text rests before an argument whose options the server searches asks for it. */
export const PALETTE_QUERY_DEBOUNCE_MS = 200

export interface Answer {
  value: unknown
  label: string
}

export const palette = proxy({
  open: false,
  search: '',
  /** the search text, trimmed, once it has rested PALETTE_QUERY_DEBOUNCE_MS (at once when cleared) */
  query: '',
  /** the command being given arguments; null while the command list shows */
  commandId: null as string | null,
  /** answers of the steps done so far, in step order, with the text that shows each */
  answers: [] as Answer[],
  recent: readJson(LS_KEYS.recentCommands, (v) => z.array(z.string()).safeParse(v).data) ?? [],
})

let queryTimer: ReturnType<typeof setTimeout> | undefined

/** The one place the typed text is debounced: `query` follows `search` once it rests; an empty text at once. */
export function setPaletteSearch(search: string): void {
  palette.search = search
  clearTimeout(queryTimer)
  const query = search.trim()
  if (!query) palette.query = ''
  else queryTimer = setTimeout(() => (palette.query = query), PALETTE_QUERY_DEBOUNCE_MS)
}

/** Opens on the command list, or straight at the first argument step of `commandId`. */
export function openPalette(commandId: string | null = null): void {
  palette.open = true
  setPaletteSearch('')
  palette.commandId = commandId
  palette.answers = []
}

export function closePalette(): void {
  palette.open = false
  setPaletteSearch('')
  palette.commandId = null
  palette.answers = []
}

export function answerStep(answer: Answer): void {
  palette.answers.push(answer)
  setPaletteSearch('')
}

/** One step back: the previous argument, or from the first argument back to the command list. */
export function backStep(): void {
  setPaletteSearch('')
  if (palette.answers.length) palette.answers.pop()
  else palette.commandId = null
}

export function rememberCommand(id: string): void {
  palette.recent = [id, ...palette.recent.filter((r) => r !== id)].slice(0, RECENT_MAX)
  writeJson(LS_KEYS.recentCommands, palette.recent)
}

