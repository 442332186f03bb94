/**
 * One file or folder row (spec 2, 4): icon by type, name (a text field while EDITING), status, size; in
 * list view also type, created and last modified. Click previews or opens, ⌘/Ctrl-click toggles,
 * shift-click selects a range; the checkbox toggles (with Shift, a range); the row menu renames and acts
 * on the item.
 */
import { useRef, type ChangeEvent, type MouseEvent } from 'react'
import { format } from 'date-fns'
import {
  AlertTriangle, ChevronRight, File, FileArchive, FileAudio, FileCode, FileImage, FileText, FileVideo, Folder,
  MoreHorizontal,
} from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { DropdownMenu, IconButton, MenuItem, Spinner, Tooltip, cx } from '../../../ui'
import { checkboxClickCommand, rowClickCommand } from './explorer-clicks'
import { formatSize } from '../../../model/storage/buckets/size-units'
import type { ExplorerItem } from '../../../model/storage/explorer/explorer-state'

export function ItemIcon({ item, size = 15 }: { item: ExplorerItem; size?: number }) {
  if (item.type === 'FOLDER') return <Folder size={size} className="sx-icon sx-icon--folder" />
  const mime = item.metadata?.mimetype ?? ''
  const Icon = mime.startsWith('image/') ? FileImage
    : mime.startsWith('video/') ? FileVideo
    : mime.startsWith('audio/') ? FileAudio
    : /json|javascript|typescript|xml|html|css|sql/.test(mime) ? FileCode
    : mime.startsWith('text/') || mime === 'application/pdf' ? FileText
    : /zip|tar|gzip|compressed/.test(mime) ? FileArchive
    : File
  return <Icon size={size} className="sx-icon" />
}

function NameField({ item, placeholder }: { item: ExplorerItem; placeholder: boolean }) {
  const done = useRef(false)
  const commit = (name: string) => {
    if (done.current) return
    done.current = true
    if (placeholder) press('storage.folder.create', { name })
    else press('storage.item.rename', { path: item.path, name })
    setTimeout(() => (done.current = false), 0)
  }
  return (
    <input
      className="sx-row__input"
      aria-label={placeholder ? 'New folder name' : `New name for ${item.name}`}
      defaultValue={item.name}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Enter') commit(e.currentTarget.value)
        if (e.key === 'Escape') press('storage.explorer.dismiss')
      }}
      onBlur={(e) => commit(e.currentTarget.value)}
    />
  )
}

function RowMenu({ item }: { item: ExplorerItem }) {
  return (
    <DropdownMenu align="end" trigger={<IconButton label={`Actions for ${item.name}`} icon={<MoreHorizontal size={14} />} size="sm" className="sx-row__menu" />}>
      <MenuItem onSelect={() => press('storage.item.rename-start', { path: item.path })} binding="F2">
        Rename
      </MenuItem>
      <MenuItem onSelect={() => press('storage.objects.download', { paths: [item.path] })}>Download</MenuItem>
      {item.type === 'FILE' && <MenuItem onSelect={() => press('storage.object.url-dialog.open', { path: item.path })}>Get URL</MenuItem>}
      <MenuItem danger onSelect={() => press('storage.objects.delete', { paths: [item.path] })}>
        Delete
      </MenuItem>
    </DropdownMenu>
  )
}

export interface ItemRowProps {
  item: ExplorerItem
  placeholder: boolean
  selected: boolean
  focused: boolean
  /** the folder open in the next column, or the previewed file */
  active: boolean
  anySelected: boolean
  list: boolean
}

const when = (iso: string | null) => (iso ? format(new Date(iso), 'dd MMM yyyy, HH:mm') : '-')

export function ItemRow({ item, placeholder, selected, focused, active, anySelected, list }: ItemRowProps) {
  const editing = item.status === 'EDITING'
  const onClick = (e: MouseEvent) => {
    if (!editing) press(...rowClickCommand(item.path, e))
  }
  // a checkbox changes on a click (Space clicks it too): that click's Shift selects a range
  const onCheck = (e: ChangeEvent<HTMLInputElement>) =>
    press(...checkboxClickCommand(item.path, { shiftKey: 'shiftKey' in e.nativeEvent && e.nativeEvent.shiftKey === true }))
  return (
    <div
      role="row"
      aria-label={item.name}
      aria-selected={selected}
      data-path={item.path}
      className={cx('sx-row', list && 'sx-row--list', selected && 'sx-row--selected', active && 'sx-row--active', focused && 'sx-row--focused')}
      onClick={onClick}
      onDoubleClick={() => list && item.type === 'FOLDER' && press('storage.item.activate', { path: item.path })}
    >
      <span className="sx-row__check" role="gridcell">
        {!editing && (
          <input
            type="checkbox"
            className={cx('sx-check', anySelected && 'sx-check--shown')}
            aria-label={`Select ${item.name}`}
            checked={selected}
            onClick={(e) => e.stopPropagation()}
            onChange={onCheck}
          />
        )}
      </span>
      <span className="sx-row__name" role="gridcell">
        <ItemIcon item={item} />
        {editing ? <NameField item={item} placeholder={placeholder} /> : <span className="sx-row__text">{item.name}</span>}
        {item.status === 'LOADING' && <Spinner />}
        {item.isCorrupted && (
          <Tooltip content={MSG.fileCorruptedTooltip}>
            <AlertTriangle size={13} className="sx-row__corrupted" aria-label={MSG.fileCorruptedTooltip} tabIndex={0} />
          </Tooltip>
        )}
      </span>
      {list ? (
        <>
          <span className="sx-row__cell" role="gridcell">{item.metadata ? formatSize(item.metadata.size) : '-'}</span>
          <span className="sx-row__cell" role="gridcell">{item.type === 'FOLDER' ? 'Folder' : (item.metadata?.mimetype ?? '-')}</span>
          <span className="sx-row__cell" role="gridcell">{when(item.created_at)}</span>
          <span className="sx-row__cell" role="gridcell">{when(item.updated_at)}</span>
        </>
      ) : (
        <span className="sx-row__size">{item.type === 'FILE' && item.metadata ? formatSize(item.metadata.size) : ''}</span>
      )}
      {!editing && !placeholder && (
        <span className="sx-row__actions" onClick={(e) => e.stopPropagation()} onDoubleClick={(e) => e.stopPropagation()}>
          <RowMenu item={item} />
        </span>
      )}
      {!list && item.type === 'FOLDER' && <ChevronRight size={14} className="sx-row__chevron" />}
    </div>
  )
}
