/**
 * A pick list draws at most MAX_DRAWN options at once: with thousands of tables, drawing them all took half a
 * second. The options come ranked (the server's order, or cmdk's score of the text typed here), so the best
 * ones are drawn and a line says how many more typing would narrow to; a searched list asks the server again
 * as the text changes, so any option is reachable by typing its name.
 */
import { defaultFilter } from 'cmdk'
import type { ArgOption } from '../../../commands/registry'

export const MAX_DRAWN = 100

export const keywordsOf = (o: ArgOption): string[] => [o.label, o.hint].filter((k): k is string => Boolean(k))

/**
 * The options to draw and how many are left out. With `filter`, the text typed is matched here as cmdk
 * would (its default score, best first) before the cut, so an option past the first MAX_DRAWN still shows.
 */
export function boundOptions(options: readonly ArgOption[], typed: string, filter: boolean): { shown: ArgOption[]; more: number } {
  const needle = typed.trim()
  let ranked: readonly ArgOption[] = options
  if (filter && needle) {
    ranked = options
      .map((o, i) => ({ o, i, score: defaultFilter(o.value, needle, keywordsOf(o)) }))
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map((s) => s.o)
  }
  return { shown: ranked.slice(0, MAX_DRAWN), more: Math.max(0, ranked.length - MAX_DRAWN) }
}

/** The line under a cut list: how many options typing would narrow to. */
export function MoreLine({ more }: { more: number }) {
  if (more <= 0) return null
  return (
    <div className="palette-status palette-more" aria-live="polite">
      Type to narrow: {more.toLocaleString('en-US')} more
    </div>
  )
}
