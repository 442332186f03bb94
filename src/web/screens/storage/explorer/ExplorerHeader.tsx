/**
 * The explorer header (spec 2): back, the path (breadcrumbs, or the path box in columns view), reload,
 * the view menu, upload, create folder, search and the API docs button (the bucket's storage docs). With a selection, the selection
 * bar takes the path's place.
 */
import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import {
  BookOpen, ChevronLeft, Columns3, FolderPlus, FolderUp, List, RefreshCw, Search, Upload,
} from 'lucide-react'
import { useCommandReason } from '../../../useCan'
import { STORAGE_SEARCH_DEBOUNCE_MS, type StorageSortColumn } from '../../../../shared/constants'
import { press } from '../../../commands-run'
import { Button, DropdownMenu, IconButton, Input, MenuCheckboxItem, MenuLabel, MenuSeparator } from '../../../ui'
import { useDebouncedValue } from '../../table-editor/useDebouncedValue'
import { SORT_LABELS } from '../../../model/storage/explorer/explorer-prefs'
import { explorer } from '../../../model/storage/explorer/explorer-state'
import { ExplorerPath } from './ExplorerPath'
import { SelectionBar } from './SelectionBar'

function ViewMenu() {
  const snap = useSnapshot(explorer)
  return (
    <DropdownMenu
      align="end"
      trigger={
        <Button size="sm" icon={snap.view === 'LIST' ? <List size={14} /> : <Columns3 size={14} />}>
          View
        </Button>
      }
    >
      <MenuLabel>View</MenuLabel>
      <MenuCheckboxItem checked={snap.view === 'COLUMNS'} onCheckedChange={() => press('storage.explorer.view.set', { view: 'COLUMNS' })}>
        As columns
      </MenuCheckboxItem>
      <MenuCheckboxItem checked={snap.view === 'LIST'} onCheckedChange={() => press('storage.explorer.view.set', { view: 'LIST' })}>
        As list
      </MenuCheckboxItem>
      <MenuSeparator />
      <MenuLabel>Sort by</MenuLabel>
      {(Object.keys(SORT_LABELS) as StorageSortColumn[]).map((column) => (
        <MenuCheckboxItem key={column} checked={snap.sortBy === column} onCheckedChange={() => press('storage.explorer.sort.set', { sortBy: column })}>
          {SORT_LABELS[column]}
        </MenuCheckboxItem>
      ))}
      <MenuSeparator />
      <MenuCheckboxItem checked={snap.sortByOrder === 'asc'} onCheckedChange={() => press('storage.explorer.sort.set', { order: 'asc' })}>
        Ascending
      </MenuCheckboxItem>
      <MenuCheckboxItem checked={snap.sortByOrder === 'desc'} onCheckedChange={() => press('storage.explorer.sort.set', { order: 'desc' })}>
        Descending
      </MenuCheckboxItem>
    </DropdownMenu>
  )
}

function SearchBox() {
  const { search: applied } = useSnapshot(explorer)
  const [text, setText] = useState(applied)
  const settled = useDebouncedValue(text, STORAGE_SEARCH_DEBOUNCE_MS)
  // opening a folder or the path box clears the search: the field follows
  useEffect(() => {
    if (applied === '') setText('')
  }, [applied])
  // the typing has settled: search for it unless that is the search already applied (read live, not as a
  // dependency: a search cleared elsewhere must not be applied again from the text still settling)
  useEffect(() => {
    if (settled.trim() !== explorer.search) press('storage.explorer.search', { text: settled })
  }, [settled])
  return (
    <Input
      size="sm"
      className="sx-search"
      icon={<Search size={13} />}
      placeholder="Search for a file or folder"
      aria-label="Search files in this folder"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  )
}

export function ExplorerHeader() {
  const snap = useSnapshot(explorer)
  const uploadReason = useCommandReason('storage.objects.upload') ?? undefined
  const folderReason = useCommandReason('storage.folder.create') ?? undefined
  return (
    <header className="sx-header">
      <IconButton
        label="Back"
        icon={<ChevronLeft size={16} />}
        size="sm"
        disabled={snap.columns.length < 2}
        onClick={() => press('storage.explorer.up')}
      />
      <div className="sx-header__path">{snap.selected.length ? <SelectionBar /> : <ExplorerPath />}</div>
      <div className="sx-header__actions">
        <IconButton label="Reload" icon={<RefreshCw size={14} />} size="sm" onClick={() => press('storage.explorer.reload')} />
        <ViewMenu />
        <Button size="sm" icon={<Upload size={14} />} disabled={!!uploadReason} title={uploadReason} onClick={() => press('storage.objects.upload')}>
          Upload
        </Button>
        <IconButton
          label={uploadReason ?? 'Upload folder'}
          icon={<FolderUp size={14} />}
          size="sm"
          variant="default"
          disabled={!!uploadReason}
          onClick={() => press('storage.objects.upload-folder')}
        />
        <Button size="sm" icon={<FolderPlus size={14} />} disabled={!!folderReason} title={folderReason} onClick={() => press('storage.folder.create')}>
          Create folder
        </Button>
        <SearchBox />
        <IconButton
          label="API docs"
          icon={<BookOpen size={14} />}
          size="sm"
          disabled={!snap.bucketId}
          onClick={() => snap.bucketId && press('api.docs.storage.open', { bucketId: snap.bucketId })}
        />
      </div>
    </header>
  )
}
