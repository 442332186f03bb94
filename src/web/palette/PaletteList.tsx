/**
 * A palette page with a list: the text field and the rows (headings and options, list.ts) drawn
 * virtualized, so only the rows in view (and a few around them) are in the page however many there are.
 * cmdk is the shell (its root); the list filters and moves by itself over the whole array, since cmdk's
 * keys only move through the items it has mounted and its active descendant does not follow a value set
 * from outside. The active option is always drawn (even scrolled away), so the field's
 * aria-activedescendant always names an element in the page. ↑/↓, PageUp/PageDown (one page in view),
 * Home/End and Enter: PALETTE_LIST_KEYS; the mouse picks too.
 */
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Command } from 'cmdk'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'
import { useSnapshot } from 'valtio'
import { palette, setPaletteSearch } from '../model/app/palette'
import { cx } from '../ui'
import { isPickable, listActionOf, nextIndex, type PaletteRow } from './list'

/** A heading's height and an option's (one line; the virtualizer measures each row drawn). */
const HEADING_HEIGHT = 30
const OPTION_HEIGHT = 38
/** rows drawn past each end of the view */
const OVERSCAN = 8
/** the list's padding at its top and bottom, part of the scrolled content */
const PADDING_START = 4
const PADDING_END = 8

interface PaletteListProps<T> {
  /** names the field and the list (the list: `listLabel` when given) */
  label: string
  listLabel?: string
  placeholder: string
  rows: readonly PaletteRow<T>[]
  /** an option's content (the row around it is drawn here) */
  renderOption: (item: T, active: boolean) => ReactNode
  onPick: (item: T) => void
  /** lines shown above the list: loading, an error, no results */
  status?: ReactNode
  /** the field's own keys first (Backspace going back a step) */
  onInputKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void
  /** keys anywhere in the page, before the list takes its own (⌘Enter) */
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void
  className?: string
}

/** How many rows the view shows whole, less one (PageDown lands on the last one in view): at least 1. */
function pageSize(scroller: HTMLElement | null, items: readonly { start: number; end: number }[]): number {
  if (!scroller) return 1
  const top = scroller.scrollTop
  const bottom = top + scroller.clientHeight
  const whole = items.filter((v) => v.start >= top - 1 && v.end <= bottom + 1).length
  return Math.max(1, whole - 1)
}

export function PaletteList<T>({
  label, listLabel, placeholder, rows, renderOption, onPick, status, onInputKeyDown, onKeyDown, className,
}: PaletteListProps<T>) {
  const { search } = useSnapshot(palette)
  const id = useId()
  const listId = `${id}list`
  const optionId = (index: number) => `${id}o${index}`
  const scrollRef = useRef<HTMLDivElement>(null)
  // the option made active by a key or the mouse, while the text it was made under is the text typed:
  // a new text makes the best match active, as cmdk does
  const [chosen, setChosen] = useState<{ key: string; search: string } | null>(null)
  const kept = chosen && chosen.search === search ? rows.findIndex((r) => r.key === chosen.key) : -1
  const active = isPickable(rows[kept]) ? kept : rows.findIndex((r) => isPickable(r))

  // each option's place among the options (headings are not counted), for aria-posinset
  const { positions, options } = useMemo(() => {
    const at = new Int32Array(rows.length)
    let n = 0
    rows.forEach((r, i) => (at[i] = r.kind === 'option' ? ++n : n))
    return { positions: at, options: n }
  }, [rows])
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows])
  const estimateSize = useCallback((i: number) => (rows[i]?.kind === 'heading' ? HEADING_HEIGHT : OPTION_HEIGHT), [rows])
  // the active row is drawn wherever the list is scrolled (and in the frame before a key's scroll lands),
  // so aria-activedescendant always names a drawn element
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (active < 0 || active >= range.count || indexes.includes(active)) return indexes
      return [...indexes, active].sort((x, y) => x - y)
    },
    [active],
  )
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    paddingStart: PADDING_START,
    paddingEnd: PADDING_END,
    scrollPaddingStart: PADDING_START,
    scrollPaddingEnd: PADDING_END,
    // the list's largest size (palette.css), so the first frame draws the rows in view
    initialRect: { width: 620, height: 420 },
  })

  // a new text shows its best matches from the top
  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
  }, [search])

  function activate(index: number, scroll: boolean): void {
    const row = rows[index]
    if (!row) return
    setChosen({ key: row.key, search })
    if (!scroll) return
    // going up to a group's first option shows its heading too
    const heading = rows[index - 1]?.kind === 'heading' && index - 1 < active ? index - 1 : index
    virtualizer.scrollToIndex(index === rows.findIndex((r) => isPickable(r)) ? 0 : heading, { align: 'auto' })
  }

  function keyDown(e: KeyboardEvent<HTMLDivElement>): void {
    onKeyDown?.(e)
    if (e.defaultPrevented || e.nativeEvent.isComposing) return
    const action = listActionOf(e.nativeEvent)
    if (!action) return
    // cmdk's own keys (it sees the event after this) leave a handled one alone
    e.preventDefault()
    if (action === 'pick') {
      const row = rows[active]
      if (isPickable(row)) onPick(row.item)
      return
    }
    const next = nextIndex(rows, active, action, pageSize(scrollRef.current, virtualizer.getVirtualItems()))
    if (next >= 0 && next !== active) activate(next, true)
    else if (next >= 0) virtualizer.scrollToIndex(next, { align: 'auto' })
  }

  return (
    <Command shouldFilter={false} vimBindings={false} className={cx('palette-command', className)} onKeyDown={keyDown}>
      <div className="palette-input-row">
        <input
          autoFocus
          className="palette-input"
          placeholder={placeholder}
          value={search}
          onChange={(e) => setPaletteSearch(e.target.value)}
          onKeyDown={onInputKeyDown}
          role="combobox"
          aria-label={label}
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
        />
      </div>
      {status}
      <div ref={scrollRef} id={listId} className="palette-list" role="listbox" aria-label={listLabel ?? label} tabIndex={-1}>
        <div className="palette-list__sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const row = rows[v.index]!
            const style = { transform: `translateY(${v.start}px)` }
            if (row.kind === 'heading') {
              return (
                <div key={v.key} ref={virtualizer.measureElement} data-index={v.index} className="palette-row palette-heading" style={style} role="presentation" aria-hidden>
                  {row.label}
                </div>
              )
            }
            const selected = v.index === active
            return (
              <div
                key={v.key}
                ref={virtualizer.measureElement}
                data-index={v.index}
                id={optionId(v.index)}
                role="option"
                aria-selected={selected}
                aria-disabled={row.disabled || undefined}
                aria-setsize={options}
                aria-posinset={positions[v.index]}
                data-selected={selected}
                data-disabled={row.disabled || undefined}
                className="palette-row palette-item"
                style={style}
                // the field keeps the focus; a pick is the click
                onMouseDown={(e) => e.preventDefault()}
                onPointerMove={row.disabled || selected ? undefined : () => activate(v.index, false)}
                onClick={row.disabled ? undefined : () => onPick(row.item)}
              >
                {renderOption(row.item, selected)}
              </div>
            )
          })}
        </div>
      </div>
    </Command>
  )
}
