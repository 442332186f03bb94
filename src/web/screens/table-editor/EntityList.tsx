import { useEffect, useRef, type ComponentProps, type KeyboardEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Lock } from 'lucide-react'
import type { Entity } from '../../../shared/api'
import { TABLE_LIST_ROW_HEIGHT, type EntityType } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { cx } from '../../ui'
import { ENTITY_TYPE_LABELS } from '../../../shared/constants'
import { EntityIcon } from './EntityIcon'
import { EntityContextMenu, EntityMenuButton } from './structure/EntityMenu'

type Item = { kind: 'group'; type: EntityType } | { kind: 'entity'; entity: Entity }

interface EntityListProps {
  projectRef: string
  entities: readonly Entity[]
  grouped: boolean
  locked: boolean
  /** tables may be renamed, commented, duplicated and deleted from their row */
  editable: boolean
  openId: number | undefined
  hasMore: boolean
  loadMore: () => void
}

/** With grouping, a heading goes before the first entity of each type (the server sorts by type). */
function listItems(entities: readonly Entity[], grouped: boolean): Item[] {
  if (!grouped) return entities.map((entity) => ({ kind: 'entity', entity }))
  const items: Item[] = []
  entities.forEach((entity, i) => {
    if (entities[i - 1]?.type !== entity.type) items.push({ kind: 'group', type: entity.type })
    items.push({ kind: 'entity', entity })
  })
  return items
}

/** The table list: virtualized, loading the next page as the end scrolls into view; ↑/↓ move between tables. */
export function EntityList({ projectRef, entities, grouped, locked, editable, openId, hasMore, loadMore }: EntityListProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const items = listItems(entities, grouped)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_LIST_ROW_HEIGHT,
    overscan: 12,
  })
  const virtualItems = virtualizer.getVirtualItems()
  const lastIndex = virtualItems.at(-1)?.index ?? 0

  useEffect(() => {
    if (hasMore && lastIndex >= items.length - 10) loadMore()
  }, [hasMore, lastIndex, items.length, loadMore])

  function focusItem(index: number) {
    virtualizer.scrollToIndex(index, { align: 'auto' })
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`)?.focus())
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const current = Number((event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index ?? -1)
    const step = event.key === 'ArrowDown' ? 1 : -1
    let next = current + step
    while (items[next]?.kind === 'group') next += step
    if (next < 0 || next >= items.length) return
    event.preventDefault()
    focusItem(next)
  }

  return (
    <div ref={scrollRef} className="te-entity-list" onKeyDown={onKeyDown}>
      <ul className="te-entity-list__inner" style={{ height: virtualizer.getTotalSize() }} aria-label="Tables">
        {virtualItems.map((v) => {
          const item = items[v.index]
          if (!item) return null
          return (
            <li key={v.key} data-index={v.index} className="te-entity-list__row" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
              {item.kind === 'group' ? (
                <span className="te-entity-group">{ENTITY_TYPE_LABELS[item.type]}s</span>
              ) : editable && isTable(item.entity) ? (
                <>
                  <EntityContextMenu entity={item.entity}>
                    <EntityLink projectRef={projectRef} entity={item.entity} open={item.entity.id === openId} locked={locked} />
                  </EntityContextMenu>
                  <EntityMenuButton entity={item.entity} />
                </>
              ) : (
                <EntityLink projectRef={projectRef} entity={item.entity} open={item.entity.id === openId} locked={locked} />
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

const isTable = (e: Entity) => e.type === 'table' || e.type === 'partitioned table'

/** A row's link; a context menu trigger hands it its own handlers and ref (`trigger`). */
interface EntityLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'children'> {
  projectRef: string
  entity: Entity
  open: boolean
  locked: boolean
}

function EntityLink({ projectRef, entity, open, locked, ...trigger }: EntityLinkProps) {
  return (
    <Link
      to="/project/$ref/editor/$tableId"
      params={{ ref: projectRef, tableId: String(entity.id) }}
      className={cx('te-entity', open && 'te-entity--open')}
      aria-current={open ? 'page' : undefined}
      title={entity.comment ?? undefined}
      {...trigger}
    >
      <EntityIcon type={entity.type} />
      <span className="te-entity__name">{entity.name}</span>
      {locked && (
        <span className="te-entity__locked" title={MSG.locked}>
          <Lock size={11} aria-hidden />
          {MSG.locked}
        </span>
      )}
    </Link>
  )
}
