/**
 * Where the explorer is (spec 2): in columns view the path, which a click turns into a text box with
 * Cancel and 'Go to folder'; in list view breadcrumbs, collapsed to the first two and last two above 5.
 */
import { Fragment, useState } from 'react'
import { useSnapshot } from 'valtio'
import { ChevronRight } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { Button, Input } from '../../../ui'
import { breadcrumbs } from '../../../model/storage/explorer/explorer-rules'
import { explorer } from '../../../model/storage/explorer/explorer-state'

function PathBox({ initial }: { initial: string }) {
  const [path, setPath] = useState(initial)
  const cancel = () => press('storage.explorer.path.edit', { open: false })
  return (
    <form
      className="sx-pathbox"
      onSubmit={(e) => {
        e.preventDefault()
        press('storage.explorer.path.go', { path })
      }}
    >
      <Input
        size="sm"
        autoFocus
        aria-label="Folder path"
        placeholder={MSG.folderPathPlaceholder}
        value={path}
        onChange={(e) => setPath(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), cancel())}
      />
      <Button size="sm" onClick={cancel}>
        Cancel
      </Button>
      <Button size="sm" variant="primary" type="submit">
        {MSG.goToFolder}
      </Button>
    </form>
  )
}

export function ExplorerPath() {
  const snap = useSnapshot(explorer)
  const bucketId = snap.bucketId ?? ''
  const folder = snap.columns.at(-1)?.id ?? ''
  if (snap.view === 'COLUMNS') {
    if (snap.pathEditing) return <PathBox initial={folder} />
    return (
      <button type="button" className="sx-path" title="Edit the folder path" onClick={() => press('storage.explorer.path.edit', { open: true })}>
        {[bucketId, ...(folder ? folder.split('/') : [])].map((part, i) => (
          <Fragment key={i}>
            {i > 0 && <ChevronRight size={12} className="sx-path__sep" />}
            <span className={i === 0 ? 'sx-path__bucket' : undefined}>{part}</span>
          </Fragment>
        ))}
      </button>
    )
  }
  return (
    <nav className="sx-crumbs" aria-label="Breadcrumbs">
      {breadcrumbs(bucketId, folder).map((crumb, i) => (
        <Fragment key={i}>
          {i > 0 && <ChevronRight size={12} className="sx-path__sep" />}
          {'ellipsis' in crumb ? (
            <span className="sx-crumbs__ellipsis">…</span>
          ) : (
            <button type="button" className="sx-crumbs__item" onClick={() => press('storage.explorer.path.go', { path: crumb.path })}>
              {crumb.name}
            </button>
          )}
        </Fragment>
      ))}
    </nav>
  )
}
