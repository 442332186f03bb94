/**
 * The palette's lists, headless: what they hold (headings and options, one flat array that PaletteList draws
 * virtualized), the order the text typed gives them, the keys that move through them and where each key
 * goes. Moving works over the whole array, not over what is drawn, so every option is reachable however
 * long the list. Pure, so it is tested without React.
 */
import { defaultFilter } from 'cmdk'
import { matchKeyBindingPress, parseKeybinding } from 'tinykeys'
import type { ArgOption } from '../../../commands/registry'

/** A row of a palette list: a group's heading, or an option (a disabled one shows but is not picked). */
export type PaletteRow<T> =
  | { kind: 'heading'; key: string; label: string }
  | { kind: 'option'; key: string; item: T; disabled?: boolean }

export const isPickable = <T>(row: PaletteRow<T> | undefined): row is Extract<PaletteRow<T>, { kind: 'option' }> =>
  row?.kind === 'option' && !row.disabled

export interface RowGroup<T> {
  /** a key of the group's own, and its heading (none: its options go without one) */
  key: string
  heading?: string
  items: readonly T[]
}

/**
 * Groups as rows: each heading (when it has one) before its options; a group with no option is left out.
 * `option` gives an item's row key and whether it is disabled.
 */
export function groupRows<T>(groups: readonly RowGroup<T>[], option: (item: T) => { key: string; disabled?: boolean }): PaletteRow<T>[] {
  const rows: PaletteRow<T>[] = []
  for (const group of groups) {
    if (!group.items.length) continue
    if (group.heading !== undefined) rows.push({ kind: 'heading', key: `\u0000group:${group.key}`, label: group.heading })
    for (const item of group.items) rows.push({ kind: 'option', item, ...option(item) })
  }
  return rows
}

/**
 * The groups ordered by a score of the text typed (0 hides an item), as cmdk orders its own: within a group
 * the best first, the group with the best item first; ties keep their order. With no text, all as given.
 */
export function rankGroups<T>(groups: readonly RowGroup<T>[], typed: string, score: (item: T) => number): RowGroup<T>[] {
  if (!typed.trim()) return [...groups]
  return groups
    .map((group, i) => {
      const items = rankItems(group.items, score)
      return { group: { ...group, items }, i, best: items.length ? score(items[0]!) : 0 }
    })
    .filter((g) => g.best > 0)
    .sort((a, b) => b.best - a.best || a.i - b.i)
    .map((g) => g.group)
}

/** Items scored above 0, the best first (ties keep their order). */
function rankItems<T>(items: readonly T[], score: (item: T) => number): T[] {
  return items
    .map((item, i) => ({ item, i, score: score(item) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((s) => s.item)
}

/** What a pick list matches the text typed against: an option's label and hint (its value is an id). */
export const keywordsOf = (o: ArgOption): string[] => [o.label, o.hint].filter((k): k is string => Boolean(k))

/**
 * Options filtered and ordered by the text typed as cmdk scores it (its default filter, best first), for a
 * list that loads once; every match is kept, however many.
 */
export function rankOptions<T extends ArgOption>(options: readonly T[], typed: string, keywords: (o: T) => string[] = keywordsOf): T[] {
  const needle = typed.trim()
  if (!needle) return [...options]
  return rankItems(options, (o) => defaultFilter(o.value, needle, keywords(o)))
}

/** Where a key moves the active option. */
export type Move = 'next' | 'prev' | 'pageDown' | 'pageUp' | 'first' | 'last' | 'nextGroup' | 'prevGroup'
export type ListAction = Move | 'pick'

/**
 * The palette's own keys (tinykeys syntax), taken while the palette is open: the app's bindings do not
 * fire meanwhile (useKeyBindings), only ⌘K's, which none of these is (tests/unit/palette-list.test.ts).
 * ↑/↓ go round from one end to the other; ⌥↑/⌥↓ go to the previous or next group; ⌘↑/⌘↓ as Home/End.
 * Ctrl+N/P/J/K (cmdk's vimBindings) stay off: Ctrl+K is ⌘K off macOS, Ctrl+P its $mod+p.
 */
export const PALETTE_LIST_KEYS: Record<ListAction, readonly string[]> = {
  next: ['ArrowDown'],
  prev: ['ArrowUp'],
  pageDown: ['PageDown'],
  pageUp: ['PageUp'],
  first: ['Home', 'Meta+ArrowUp'],
  last: ['End', 'Meta+ArrowDown'],
  nextGroup: ['Alt+ArrowDown'],
  prevGroup: ['Alt+ArrowUp'],
  pick: ['Enter'],
}

const PARSED = Object.entries(PALETTE_LIST_KEYS).flatMap(([action, keys]) =>
  keys.map((k) => ({ action: action as ListAction, press: parseKeybinding(k)[0]! })),
)

/** What the palette does with a key press, if anything. */
export function listActionOf(event: Pick<KeyboardEvent, 'key' | 'code' | 'getModifierState'>): ListAction | null {
  return PARSED.find(({ press }) => matchKeyBindingPress(event as KeyboardEvent, press))?.action ?? null
}

function firstFrom<T>(rows: readonly PaletteRow<T>[], from: number, step: 1 | -1): number {
  for (let i = from; i >= 0 && i < rows.length; i += step) if (isPickable(rows[i])) return i
  return -1
}

/** The first option that can be picked in the group whose heading is at `heading` (-1: none). */
function firstInGroup<T>(rows: readonly PaletteRow<T>[], heading: number): number {
  for (let i = heading + 1; i < rows.length && rows[i]!.kind !== 'heading'; i++) if (isPickable(rows[i])) return i
  return -1
}

/**
 * The index of the option a move makes active (-1: none can be). `active` is the active row (-1: none);
 * `page` how many rows one page holds. ↑/↓ go round; a page move stops at the ends; a group move goes to
 * the first option of the next or previous group (by one when there is none).
 */
export function nextIndex<T>(rows: readonly PaletteRow<T>[], active: number, move: Move, page: number): number {
  const first = firstFrom(rows, 0, 1)
  if (first < 0) return -1
  const last = firstFrom(rows, rows.length - 1, -1)
  if (active < 0 || active >= rows.length) return move === 'prev' || move === 'last' ? last : first
  switch (move) {
    case 'first':
      return first
    case 'last':
      return last
    case 'next': {
      const i = firstFrom(rows, active + 1, 1)
      return i < 0 ? first : i
    }
    case 'prev': {
      const i = firstFrom(rows, active - 1, -1)
      return i < 0 ? last : i
    }
    case 'pageDown': {
      const target = Math.min(rows.length - 1, active + Math.max(1, page))
      const i = firstFrom(rows, target, 1)
      return i >= 0 ? i : Math.max(active, firstFrom(rows, target, -1))
    }
    case 'pageUp': {
      const target = Math.max(0, active - Math.max(1, page))
      const i = firstFrom(rows, target, -1)
      return i >= 0 ? i : Math.min(active, firstFrom(rows, target, 1))
    }
    case 'nextGroup': {
      for (let h = active + 1; h < rows.length; h++) {
        const i = rows[h]!.kind === 'heading' ? firstInGroup(rows, h) : -1
        if (i >= 0) return i
      }
      return nextIndex(rows, active, 'next', page)
    }
    case 'prevGroup': {
      // the heading of the active option's group, then each heading before it
      let h = active
      while (h >= 0 && rows[h]!.kind !== 'heading') h--
      for (h--; h >= 0; h--) {
        const i = rows[h]!.kind === 'heading' ? firstInGroup(rows, h) : -1
        if (i >= 0) return i
      }
      return nextIndex(rows, active, 'prev', page)
    }
  }
}
