/**
 * The storage explorer's pure rules (spec 4, 5 Folders and files, 9): ranges, names, clicks, breadcrumbs,
 * statuses, and a column's rows derived from its listing in the query cache with the edit status over it.
 */
import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { MSG } from '../../src/shared/messages'
import type { StorageItem } from '../../src/shared/storage'
import {
  breadcrumbs, finishEdit, folderNameProblem, normalizePath, rangeSelection, toggleSelection,
} from '../../src/web/model/storage/explorer/explorer-rules'
import {
  explorer, forgetItems, toExplorerItem, type ExplorerColumn, type ExplorerItem,
} from '../../src/web/model/storage/explorer/explorer-state'
import { columnKey, columnView, type ExplorerUi } from '../../src/web/model/storage/explorer/explorer-view'
import { keys } from '../../src/web/model/project/keys'
import { checkboxClickCommand, rowClickCommand } from '../../src/web/screens/storage/explorer/explorer-clicks'

const NOW = Date.parse('2026-01-01T12:00:00Z')
const meta = { eTag: 'e', size: 1536, mimetype: 'text/plain', cacheControl: 'max-age=3600', lastModified: '', contentLength: 1536, httpStatusCode: 200 }
const entry = (name: string, over: Partial<StorageItem> = {}): StorageItem => ({
  id: `id-${name}`, name, type: 'FILE', metadata: meta, created_at: '2026-01-01T11:00:00Z', updated_at: null, last_accessed_at: null, ...over,
})
const column = ['a', 'b', 'c', 'd', 'e'].map((n) => toExplorerItem(entry(n), 'f', 1, NOW))
const at = (n: string) => column.find((i) => i.name === n) as ExplorerItem
const names = (items: ExplorerItem[]) => items.map((i) => i.name)

describe('toExplorerItem', () => {
  it('makes an entry with an id a file and one without a folder, with its path', () => {
    expect(toExplorerItem(entry('x'), 'a/b', 2, NOW)).toMatchObject({ type: 'FILE', status: 'READY', path: 'a/b/x', prefix: 'a/b', columnIndex: 2 })
    expect(toExplorerItem(entry('dir', { id: null, metadata: null, created_at: null }), '', 0, NOW)).toMatchObject({ type: 'FOLDER', status: 'READY', isCorrupted: false, path: 'dir' })
  })

  it('a file without metadata is loading for 15 minutes, then corrupted', () => {
    const young = toExplorerItem(entry('x', { metadata: null, created_at: new Date(NOW - 899_999).toISOString() }), '', 0, NOW)
    const old = toExplorerItem(entry('x', { metadata: null, created_at: new Date(NOW - 900_000).toISOString() }), '', 0, NOW)
    expect([young.status, young.isCorrupted]).toEqual(['LOADING', false])
    expect([old.status, old.isCorrupted]).toEqual(['READY', true])
  })
})

describe('selection', () => {
  it('shift-click adds the range between the anchor and the clicked item, without duplicates', () => {
    expect(names(rangeSelection([at('b')], column, at('b'), at('d')))).toEqual(['b', 'c', 'd'])
    expect(names(rangeSelection([at('e')], column, at('d'), at('b')))).toEqual(['e', 'b', 'c', 'd'])
  })

  it('shift-click on a selected item deselects the range', () => {
    expect(names(rangeSelection([at('a'), at('b'), at('c'), at('d')], column, at('b'), at('c')))).toEqual(['a', 'd'])
  })

  it('without an anchor the clicked item alone is the range', () => {
    expect(names(rangeSelection([], column, null, at('c')))).toEqual(['c'])
  })

  it('⌘-click toggles one item', () => {
    expect(names(toggleSelection([at('a')], at('b')))).toEqual(['a', 'b'])
    expect(names(toggleSelection([at('a'), at('b')], at('a')))).toEqual(['b'])
  })
})

describe('folder names', () => {
  it('allows letters, digits, underscore, hyphen and whitespace', () => {
    for (const naming of ['create', 'rename'] as const) {
      expect(folderNameProblem('My folder_2-x', [], naming)).toBeNull()
      expect(folderNameProblem('Photos été', [], naming)).toBeNull()
    }
  })

  it('refuses other characters and a name already in the folder', () => {
    for (const naming of ['create', 'rename'] as const) {
      expect(folderNameProblem('a.b', [], naming)).toBe(MSG.folderNameInvalidChars)
      expect(folderNameProblem('docs', ['docs'], naming)).toBe('The name docs already exists in the current directory. Please use a different name.')
    }
  })

  it('names slashes in particular for a rename only: a new folder has just invalid characters', () => {
    expect(folderNameProblem('a/b', [], 'rename')).toBe(MSG.folderNameSlashes)
    expect(folderNameProblem('a\\b', [], 'rename')).toBe(MSG.folderNameSlashes)
    expect(folderNameProblem('a/b', [], 'create')).toBe(MSG.folderNameInvalidChars)
    expect(folderNameProblem('a\\b', [], 'create')).toBe(MSG.folderNameInvalidChars)
  })
})

describe('clicks on a row', () => {
  const plain = { shiftKey: false, metaKey: false, ctrlKey: false }
  it('opens or previews, toggles with ⌘ or Ctrl, selects a range with Shift', () => {
    expect(rowClickCommand('a', plain)).toEqual(['storage.item.select', { path: 'a' }])
    expect(rowClickCommand('a', { ...plain, metaKey: true })).toEqual(['storage.item.toggle', { path: 'a' }])
    expect(rowClickCommand('a', { ...plain, ctrlKey: true })).toEqual(['storage.item.toggle', { path: 'a' }])
    expect(rowClickCommand('a', { ...plain, shiftKey: true })).toEqual(['storage.item.select-range', { path: 'a' }])
  })

  it('on the checkbox toggles, and with Shift selects a range as on the row', () => {
    expect(checkboxClickCommand('a', { shiftKey: false })).toEqual(['storage.item.toggle', { path: 'a' }])
    expect(checkboxClickCommand('a', { shiftKey: true })).toEqual(['storage.item.select-range', { path: 'a' }])
  })
})

describe('breadcrumbs', () => {
  it('lists the bucket and each folder up to 5 entries', () => {
    expect(breadcrumbs('b', 'x/y/z/w')).toEqual([
      { name: 'b', path: '' }, { name: 'x', path: 'x' }, { name: 'y', path: 'x/y' }, { name: 'z', path: 'x/y/z' }, { name: 'w', path: 'x/y/z/w' },
    ])
  })

  it('collapses to the first two and the last two with an ellipsis above 5', () => {
    expect(breadcrumbs('b', 'x/y/z/w/v')).toEqual([
      { name: 'b', path: '' }, { name: 'x', path: 'x' }, { ellipsis: true }, { name: 'w', path: 'x/y/z/w' }, { name: 'v', path: 'x/y/z/w/v' },
    ])
  })
})

describe('finishing an edit', () => {
  it('takes the new name and status, timestamps now, metadata and id cleared', () => {
    const done = finishEdit({ ...at('a'), status: 'EDITING' }, 'renamed', 'READY', new Date(NOW))
    expect(done).toMatchObject({ name: 'renamed', path: 'f/renamed', status: 'READY', id: null, metadata: null })
    expect([done.created_at, done.updated_at, done.last_accessed_at]).toEqual(Array(3).fill(new Date(NOW).toISOString()))
  })
})

describe('paths', () => {
  it('normalizes a typed path', () => {
    expect(normalizePath(' /a/ b //c/ ')).toBe('a/b/c')
    expect(normalizePath('/')).toBe('')
  })
})

describe('forgetting items that went away', () => {
  const item = (path: string, type: ExplorerItem['type'] = 'FILE', columnIndex = 0) =>
    toExplorerItem(entry(path.split('/').at(-1)!, type === 'FOLDER' ? { id: null } : {}), path.split('/').slice(0, -1).join('/'), columnIndex, NOW)
  const open = (id: string): ExplorerColumn => ({ id, name: id.split('/').at(-1)! })

  it('a file stands for its own path, a folder for itself and everything under it', () => {
    explorer.columns = ['', 'gone', 'gone/sub', 'goner'].map(open)
    explorer.selected = [item('gone/x.txt', 'FILE', 1), item('goner/y.txt', 'FILE', 3), item('file.txt'), item('file.txt.bak'), item('keep.txt')]
    explorer.lastSelected = item('file.txt')
    explorer.preview = item('gone/sub/z.txt', 'FILE', 2)
    explorer.focus = { columnIndex: 0, path: 'gone' }
    forgetItems([{ path: 'gone', type: 'FOLDER' }, { path: 'file.txt', type: 'FILE' }])
    expect(explorer.selected.map((s) => s.path)).toEqual(['goner/y.txt', 'file.txt.bak', 'keep.txt'])
    expect(explorer.lastSelected?.path).toBe('keep.txt')
    expect([explorer.preview, explorer.focus, explorer.columns.map((c) => c.id)]).toEqual([null, null, ['']])
  })

  it('keeps the columns and the cursor when only files went', () => {
    explorer.columns = ['', 'a', 'a/b'].map(open)
    explorer.focus = { columnIndex: 2, path: 'a/b/keep.txt' }
    forgetItems([{ path: 'a/b', type: 'FILE' }, { path: 'a/b/c.txt', type: 'FILE' }])
    expect([explorer.columns.map((c) => c.id), explorer.focus?.path]).toEqual([['', 'a', 'a/b'], 'a/b/keep.txt'])
  })
})

describe('a column as shown: the listing from the query cache with the edit status over it', () => {
  const listing = { sortBy: 'name', order: 'asc', search: '' } as const
  const ui = (over: Partial<ExplorerUi> = {}): ExplorerUi => ({
    ref: 'p', bucketId: 'b', columns: [{ id: '', name: '' }, { id: 'f', name: 'f' }], sortBy: 'name', sortByOrder: 'asc', search: '',
    newFolder: null, editing: null, settling: {}, ...over,
  })
  const listed = (queryClient: QueryClient, path: string, pages: StorageItem[][], search = '') =>
    queryClient.setQueryData(keys.storageFolder('p', 'b', path, { ...listing, search }), { pages, pageParams: pages.map((_, i) => i * 200) })

  it('flattens the pages into rows, the same rows while nothing changed; a full last page has more', () => {
    const queryClient = new QueryClient()
    listed(queryClient, 'f', [Array.from({ length: 200 }, (_, i) => entry(`x${i}`)), [entry('last')]])
    const view = columnView(queryClient, 1, ui())!
    expect([view.status, view.items.length, view.items.at(-1)?.path, view.items[0]?.columnIndex, view.hasMoreItems]).toEqual(['READY', 201, 'f/last', 1, false])
    expect(columnView(queryClient, 1, ui())!.items).toBe(view.items)
    listed(queryClient, 'f', [Array.from({ length: 200 }, (_, i) => entry(`x${i}`))])
    expect(columnView(queryClient, 1, ui())!.hasMoreItems).toBe(true)
    // a column never listed is loading; a closed one is not shown
    expect(columnView(queryClient, 0, ui())).toMatchObject({ status: 'LOADING', items: [] })
    expect(columnView(queryClient, 2, ui())).toBeUndefined()
  })

  it('searches the current folder only, and shows its last listing while a search loads', () => {
    const queryClient = new QueryClient()
    listed(queryClient, 'f', [[entry('a'), entry('b')]])
    const searching = ui({ search: 'b' })
    expect(columnKey(searching, 1)).toEqual(keys.storageFolder('p', 'b', 'f', { ...listing, search: 'b' }))
    expect(columnKey(searching, 0)).toEqual(keys.storageFolder('p', 'b', '', listing))
    expect(columnView(queryClient, 1, searching)).toMatchObject({ status: 'LOADING', items: [{ name: 'a' }, { name: 'b' }] })
    listed(queryClient, 'f', [[entry('b')]], 'b')
    expect(columnView(queryClient, 1, searching)?.items.map((i) => i.name)).toEqual(['b'])
  })

  it('lays the placeholder, the row being renamed and a rename under way or done over the rows', () => {
    const queryClient = new QueryClient()
    listed(queryClient, 'f', [[entry('a'), entry('b'), entry('c')]])
    const at = new Date(NOW).toISOString()
    const view = columnView(queryClient, 1, ui({
      newFolder: { columnIndex: 1, status: 'EDITING', at },
      editing: 'f/a',
      settling: { 'f/b': { name: 'b', status: 'LOADING', at }, 'f/c': { name: 'd', status: 'READY', at } },
    }))!
    expect(view.placeholder).toBe(view.items[0])
    expect(view.items.map((i) => [i.path, i.status])).toEqual([
      [`f/${MSG.untitledFolder}`, 'EDITING'], ['f/a', 'EDITING'], ['f/b', 'LOADING'], ['f/d', 'READY'],
    ])
    expect(view.items[3]).toMatchObject({ id: null, metadata: null, updated_at: at })
    // the other column is untouched
    expect(columnView(queryClient, 0, ui({ editing: 'f/a', newFolder: { columnIndex: 1, status: 'EDITING', at } }))?.placeholder).toBeNull()
  })
})
