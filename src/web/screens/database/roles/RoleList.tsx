import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Lock } from 'lucide-react'
import type { Role } from '../../../../shared/api'
import { FIXED_ROLE_FLAGS, GRANTABLE_ROLE_FLAGS, ROLE_FLAG_LABELS, roleReadonlyReason } from '../../../../shared/roles'
import type { RoleSections } from '../../../model/database/roles/roles-data'
import { RoleRow } from './RoleRow'

const ROW_HEIGHT = 44
const SECTION_HEIGHT = 48

type Item =
  | { kind: 'section'; title: string; count: number; hint: string; locked: boolean }
  | { kind: 'empty'; text: string }
  | { kind: 'role'; role: Role }

function listItems({ user, system }: RoleSections, searching: boolean): Item[] {
  const items: Item[] = [{ kind: 'section', title: 'Roles', count: user.length, hint: 'Created by users: editable', locked: false }]
  if (user.length === 0) items.push({ kind: 'empty', text: searching ? 'No role you created matches the search' : 'No roles yet: create one to give an app or a person its own login' })
  for (const role of user) items.push({ kind: 'role', role })
  if (system.length) {
    items.push({ kind: 'section', title: 'System roles', count: system.length, hint: 'Used by the platform and Postgres itself: read-only', locked: true })
    for (const role of system) items.push({ kind: 'role', role })
  }
  return items
}

/** The column headings, above both sections. */
function Headings() {
  return (
    <div className="db-row roles-row db-row--head roles-row--head" role="row">
      <span className="db-cell roles-cell--name" role="columnheader">Name</span>
      {[...GRANTABLE_ROLE_FLAGS, ...FIXED_ROLE_FLAGS].map((flag) => (
        <span key={flag} className="db-cell roles-cell--flag" role="columnheader">
          {ROLE_FLAG_LABELS[flag]}
        </span>
      ))}
      <span className="db-cell roles-cell--limit" role="columnheader">Connections</span>
      <span className="db-cell db-cell--actions" role="columnheader">
        <span className="sr-only">Actions</span>
      </span>
    </div>
  )
}

/** Both sections in one virtualized list: roles are cluster-wide and a server can hold many. */
export function RoleList({ sections, searching }: { sections: RoleSections; searching: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const items = listItems(sections, searching)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.kind === 'role' ? ROW_HEIGHT : SECTION_HEIGHT),
    overscan: 10,
  })
  return (
    <div className="area-table" role="table" aria-label="Database roles">
      <Headings />
      <div ref={scrollRef} className="area-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index]
            if (!item) return null
            return (
              <div key={v.key} className="roles-virtual" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
                {item.kind === 'section' ? (
                  <div className="roles-section" role="row">
                    <h2 className="roles-section__title" role="cell">
                      {item.locked && <Lock size={13} aria-hidden />}
                      {item.title}
                      <span className="roles-section__count">{item.count}</span>
                    </h2>
                    <span className="roles-section__hint">{item.hint}</span>
                  </div>
                ) : item.kind === 'empty' ? (
                  <p className="roles-empty-row">{item.text}</p>
                ) : (
                  <RoleRow role={item.role} lockedReason={roleReadonlyReason(item.role)} />
                )}
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
