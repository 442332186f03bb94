/**
 * /project/{ref}/storage/buckets/{bucketId} (spec 2, 4): the storage explorer inside the storage layout:
 * header, the columns or list view with drag-and-drop upload, and the preview pane on the right.
 */
import { useEffect, useRef } from 'react'
import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { currentContext } from '../../../../../commands/registry'
import { bindExplorer, enterBucket } from '../../../model/storage/explorer/explorer-data'
import { restorePreferences } from '../../../model/storage/explorer/explorer-prefs'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { ExplorerHeader } from './ExplorerHeader'
import { ColumnsView } from './ColumnsView'
import { ListView } from './ListView'
import { PreviewPane } from './PreviewPane'
import { onExplorerKeyDown } from './explorer-keys'
import { useDropUpload } from './actions/useDropUpload'
import { ObjectActionDialogs } from './actions/ObjectActionDialogs'
import './explorer.css'

const ROUTE = '/project/$ref/storage/buckets/$bucketId'

export function ExplorerPage() {
  const { ref, bucketId } = useParams({ from: ROUTE })
  const snap = useSnapshot(explorer)
  const body = useRef<HTMLDivElement>(null)
  const { dragging } = useDropUpload(body)

  useEffect(() => {
    bindExplorer(currentContext())
    restorePreferences(ref)
    void enterBucket(bucketId)
  }, [ref, bucketId])

  return (
    <div className="sx-page">
      <ExplorerHeader />
      <div className="sx-main">
        <div
          ref={body}
          className={`sx-body${dragging ? ' sx-body--dragging' : ''}`}
          role="application"
          aria-label={`Files in ${bucketId}`}
          tabIndex={0}
          onKeyDown={onExplorerKeyDown}
        >
          {snap.bucketId === bucketId && (snap.view === 'LIST' ? <ListView /> : <ColumnsView />)}
        </div>
        {snap.preview && <PreviewPane />}
      </div>
      <ObjectActionDialogs />
    </div>
  )
}
