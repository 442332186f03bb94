/** List view (spec 2): the current folder as a table of name, size, type, created and last modified. */
import { useSnapshot } from 'valtio'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { FolderRows } from './FolderRows'

export function ListView() {
  const { columns } = useSnapshot(explorer)
  const index = columns.length - 1
  const folder = columns[index]
  if (!folder) return null
  return (
    <section className="sx-list" role="grid" aria-label={folder.id ? `Folder ${folder.id}` : 'Bucket root'} data-folder-path={folder.id}>
      <div className="sx-row sx-row--list sx-row--head" role="row">
        <span className="sx-row__check" />
        <span className="sx-row__name" role="columnheader">Name</span>
        <span className="sx-row__cell" role="columnheader">Size</span>
        <span className="sx-row__cell" role="columnheader">Type</span>
        <span className="sx-row__cell" role="columnheader">Created at</span>
        <span className="sx-row__cell" role="columnheader">Last modified at</span>
        <span className="sx-row__actions" />
      </div>
      <FolderRows key={folder.id} columnIndex={index} list />
    </section>
  )
}
