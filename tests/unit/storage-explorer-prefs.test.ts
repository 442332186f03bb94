/** Explorer preferences (spec 4): saved per project in local storage, restored on load, defaults saved when absent. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LS_KEYS } from '../../src/shared/constants'
import { restorePreferences, savePreferences } from '../../src/web/model/storage/explorer/explorer-prefs'
import { DEFAULT_PREFERENCES, explorer } from '../../src/web/model/storage/explorer/explorer-state'

const storage = new Map<string, string>()
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => void storage.set(key, String(value)),
  removeItem: (key: string) => void storage.delete(key),
})

afterEach(() => {
  storage.clear()
  Object.assign(explorer, DEFAULT_PREFERENCES)
})

describe('explorer preferences', () => {
  it('saves the defaults for a project that has none', () => {
    restorePreferences('one')
    expect(JSON.parse(storage.get(LS_KEYS.storageExplorer('one'))!)).toEqual(DEFAULT_PREFERENCES)
  })

  it('shows a project without preferences in the defaults, not in the view and sort of the project before', () => {
    Object.assign(explorer, { view: 'LIST', sortBy: 'created_at', sortByOrder: 'desc' })
    savePreferences('one')
    restorePreferences('two')
    expect({ view: explorer.view, sortBy: explorer.sortBy, sortByOrder: explorer.sortByOrder }).toEqual(DEFAULT_PREFERENCES)
    expect(JSON.parse(storage.get(LS_KEYS.storageExplorer('two'))!)).toEqual(DEFAULT_PREFERENCES)
    expect(JSON.parse(storage.get(LS_KEYS.storageExplorer('one'))!)).toEqual({ view: 'LIST', sortBy: 'created_at', sortByOrder: 'desc' })
  })

  it('restores what a project saved, and keeps projects apart', () => {
    Object.assign(explorer, { view: 'LIST', sortBy: 'updated_at', sortByOrder: 'desc' })
    savePreferences('one')
    Object.assign(explorer, DEFAULT_PREFERENCES)
    restorePreferences('two')
    expect(explorer.view).toBe('COLUMNS')
    restorePreferences('one')
    expect({ view: explorer.view, sortBy: explorer.sortBy, sortByOrder: explorer.sortByOrder })
      .toEqual({ view: 'LIST', sortBy: 'updated_at', sortByOrder: 'desc' })
  })

  it('falls back to the default for each value it cannot read', () => {
    storage.set(LS_KEYS.storageExplorer('one'), JSON.stringify({ view: 'GRID', sortBy: 'created_at', sortByOrder: 7 }))
    restorePreferences('one')
    expect({ view: explorer.view, sortBy: explorer.sortBy, sortByOrder: explorer.sortByOrder })
      .toEqual({ view: 'COLUMNS', sortBy: 'created_at', sortByOrder: 'asc' })
  })
})
