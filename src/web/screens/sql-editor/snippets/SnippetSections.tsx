import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useSnapshot } from 'valtio'
import type { Snippet } from '../../../../shared/content'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import {
  clearSelection, isOwnSnippet, setSelected, snippetSections, snippetsState, toggleSelected, type SnippetSections as Sections,
} from '../../../model/sql-editor/snippets'
import { EmptyState, Kbd, cx } from '../../../ui'
import { SnippetRow } from './SnippetRow'

type SectionName = 'Favorites' | 'Shared' | 'Private'

type Item =
  | { kind: 'heading'; section: SectionName; count: number; first: boolean }
  | { kind: 'empty'; section: SectionName }
  | { kind: 'snippet'; section: SectionName; snippet: Snippet }

const ROW_HEIGHT = 28

/** Headings, rows and empty notes as one flat list, so that it can be virtualized. */
function listItems(sections: Sections, searching: boolean): Item[] {
  const parts: [SectionName, Snippet[]][] = [
    ['Favorites', sections.favorites],
    ['Shared', sections.shared],
    ['Private', sections.private],
  ]
  const items: Item[] = []
  for (const [section, snippets] of parts) {
    // Favorites shows only when there are some; a search hides the sections it does not match
    if (snippets.length === 0 && (section === 'Favorites' || searching)) continue
    items.push({ kind: 'heading', section, count: snippets.length, first: items.length === 0 })
    if (snippets.length === 0) items.push({ kind: 'empty', section })
    for (const snippet of snippets) items.push({ kind: 'snippet', section, snippet })
  }
  return items
}

interface SnippetSectionsProps {
  projectRef: string
  snippets: readonly Snippet[]
  openId: string | undefined
  userId: number | undefined
}

/** A snippet's row in the list: a favorite has two, one under Favorites and one in its own section. */
interface RowPlace {
  id: string
  section: SectionName
  /** its item's index in the flat list */
  index: number
}

/**
 * Favorites, Shared and Private, virtualized. ⌘/Ctrl-click or Space selects, Shift-click selects a range,
 * ↑/↓ move between rows, Delete deletes the selected (or focused) ones, Escape clears the selection.
 */
export function SnippetSections({ projectRef, snippets, openId, userId }: SnippetSectionsProps) {
  const { search, selected, renaming } = useSnapshot(snippetsState)
  const scrollRef = useRef<HTMLDivElement>(null)
  /** the row where a Shift-click range starts */
  const anchor = useRef<{ id: string; section: SectionName } | null>(null)
  const searching = search.trim() !== ''
  const items = listItems(snippetSections(snippets, search), searching)
  const rows: RowPlace[] = items.flatMap((item, index) =>
    item.kind === 'snippet' ? [{ id: item.snippet.id, section: item.section, index }] : [],
  )
  const rowOf = (place: { id: string; section: SectionName }) => rows.findIndex((r) => r.id === place.id && r.section === place.section)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.kind === 'heading' && !items[i]?.first ? ROW_HEIGHT + 12 : ROW_HEIGHT),
    overscan: 12,
  })

  function onSelectClick(event: MouseEvent, place: { id: string; section: SectionName }): boolean {
    const from = anchor.current === null ? -1 : rowOf(anchor.current)
    if (event.shiftKey && from >= 0) {
      const [start, end] = [from, rowOf(place)].sort((a, b) => a - b) as [number, number]
      setSelected([...new Set(rows.slice(start, end + 1).map((r) => r.id))])
      return true
    }
    anchor.current = place
    if (event.metaKey || event.ctrlKey) {
      toggleSelected(place.id)
      return true
    }
    return false
  }

  function focusRow({ id, index }: RowPlace) {
    virtualizer.scrollToIndex(index, { align: 'auto' })
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-snippet-id="${id}"]`)?.focus(),
    )
  }

  function onRowKey(event: KeyboardEvent, place: { id: string; section: SectionName }) {
    const { id } = place
    const at = rowOf(place)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = rows[at + (event.key === 'ArrowDown' ? 1 : -1)]
      if (next) focusRow(next)
    } else if (event.key === ' ') {
      event.preventDefault()
      anchor.current = place
      toggleSelected(id)
    } else if (event.key === 'Delete') {
      event.preventDefault()
      press('sql.snippet.delete', { ids: selected.length ? [...selected] : [id] })
    } else if (event.key === 'Escape' && selected.length) {
      event.stopPropagation()
      clearSelection()
    }
  }

  if (searching && rows.length === 0) {
    return <EmptyState className="snip-empty" title={MSG.noResults} description={MSG.noMatch} />
  }

  return (
    <div ref={scrollRef} className="snip-sections">
      <ul className="snip-sections__inner" style={{ height: virtualizer.getTotalSize() }} aria-label="Queries by section">
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index]
          if (!item) return null
          return (
            <li
              key={v.key}
              ref={virtualizer.measureElement}
              data-index={v.index}
              data-section={item.section}
              className="snip-sections__item"
              style={{ transform: `translateY(${v.start}px)` }}
            >
              {item.kind === 'heading' ? (
                <h3 className={cx('snip-heading', !item.first && 'snip-heading--spaced')}>
                  {item.section}
                  {item.count > 0 && <span className="snip-heading__count">{item.count}</span>}
                </h3>
              ) : item.kind === 'empty' ? (
                <p className="snip-section-empty">{item.section === 'Shared' ? MSG.noProjectQueries : <PrivateEmpty />}</p>
              ) : (
                <SnippetRow
                  projectRef={projectRef}
                  snippet={item.snippet}
                  own={userId === undefined || isOwnSnippet(item.snippet, userId)}
                  open={item.snippet.id === openId}
                  selected={selected.includes(item.snippet.id)}
                  renaming={renaming === item.snippet.id}
                  inFavorites={item.section === 'Favorites'}
                  onSelectClick={(event, id) => onSelectClick(event, { id, section: item.section })}
                  onRowKey={(event, id) => onRowKey(event, { id, section: item.section })}
                />
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function PrivateEmpty(): ReactNode {
  const { overrides } = useSnapshot(keymap)
  const binding = bindingFor('sql.snippet.new', overrides)
  return (
    <>
      No private queries yet{binding && <> · <Kbd binding={binding} /> for a new one</>}
    </>
  )
}
