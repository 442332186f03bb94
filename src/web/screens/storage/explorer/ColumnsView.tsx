/** Columns view (spec 2, 4): Miller columns, one per open folder, the newest scrolled into view. */
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { FolderRows } from './FolderRows'

export function ColumnsView() {
  const { columns } = useSnapshot(explorer)
  const strip = useRef<HTMLDivElement>(null)
  useEffect(() => {
    strip.current?.scrollTo({ left: strip.current.scrollWidth })
  }, [columns.length])
  return (
    <div ref={strip} className="sx-columns">
      {columns.map((column, index) => (
        <section
          key={column.id || '/'}
          className="sx-column"
          role="grid"
          aria-label={column.id ? `Folder ${column.id}` : 'Bucket root'}
          data-folder-path={column.id}
        >
          <FolderRows columnIndex={index} list={false} />
        </section>
      ))}
    </div>
  )
}
