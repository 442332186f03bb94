import { useRef } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { Code, Ellipsis, Trash2 } from 'lucide-react'
import type { PgIndex } from '../../../../shared/contract/pg-meta-indexes'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Badge, DropdownMenu, MenuItem, MenuSeparator } from '../../../ui'
import { keyLabel } from '../../../model/database/indexes/indexes-data'

const ROW_HEIGHT = 44

function Headings() {
  return (
    <div className="db-row idx-row db-row--head idx-row--head" role="row">
      <span className="db-cell" role="columnheader">Name</span>
      <span className="db-cell" role="columnheader">Table</span>
      <span className="db-cell" role="columnheader">Columns</span>
      <span className="db-cell" role="columnheader">Method</span>
      <span className="db-cell idx-cell--num" role="columnheader">Size</span>
      <span className="db-cell idx-cell--num" role="columnheader">Scans</span>
      <span className="db-cell" role="columnheader"><span className="sr-only">Actions</span></span>
    </div>
  )
}

function IndexRow({ index, locked }: { index: PgIndex; locked: boolean }) {
  const dropReason = useCommandReason('database.index.delete')
  const keys = index.columns.map(keyLabel).join(', ')
  return (
    <div className="db-row idx-row" role="row" aria-label={index.name}>
      <span className="db-cell idx-cell--name" role="rowheader">
        <button type="button" className="db-name-button idx-name" title={`${index.name}: show the definition`} onClick={() => press('database.index.definition.show', { index: index.id })}>
          {index.name}
        </button>
      </span>
      <span className="db-cell idx-mono idx-ellipsis" role="cell" title={index.table}>{index.table}</span>
      <span className="db-cell" role="cell">
        <span className="idx-mono idx-ellipsis" title={index.predicate ? `${keys} WHERE ${index.predicate}` : keys}>
          {keys}
          {index.predicate && <span className="idx-where"> WHERE {index.predicate}</span>}
        </span>
      </span>
      <span className="db-cell idx-badges" role="cell">
        <Badge>{index.access_method}</Badge>
        {index.is_primary ? <Badge tone="accent">Primary</Badge> : index.is_unique && <Badge tone="info">Unique</Badge>}
        {!index.is_valid && <Badge tone="danger">Invalid</Badge>}
      </span>
      <span className="db-cell idx-cell--num" role="cell" title={`${index.size_bytes.toLocaleString()} bytes`}>{index.size}</span>
      <span className="db-cell idx-cell--num" role="cell">
        {index.scans === null ? <span className="idx-faint" title="No statistics for this index">–</span> : index.scans.toLocaleString()}
      </span>
      <span className="db-cell db-cell--actions" role="cell">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${index.name}`}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<Code size={14} />} onSelect={() => press('database.index.definition.show', { index: index.id })}>
            View definition
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger disabled={locked || dropReason !== null} onSelect={() => press('database.index.delete', { index: index.id })}>
            Drop index
          </MenuItem>
        </DropdownMenu>
      </span>
    </div>
  )
}

/** The indexes, virtualized: a schema can hold thousands. */
export function IndexList({ indexes, locked }: { indexes: readonly PgIndex[]; locked: boolean }) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({ count: indexes.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 })
  return (
    <div className="area-table" role="table" aria-label="Indexes">
      <Headings />
      <div ref={scrollRef} className="area-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const index = indexes[v.index]
            if (!index) return null
            return (
              <div key={index.id} className="idx-virtual" style={{ transform: `translateY(${v.start}px)`, height: v.size }}>
                <IndexRow index={index} locked={locked} />
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
