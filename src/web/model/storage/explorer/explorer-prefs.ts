/**
 * Explorer preferences (spec 4): view, sort column and order, saved in local storage under a per-project
 * key and restored on load; when absent, the defaults are applied and saved.
 */
import { z } from 'zod'
import { LS_KEYS, STORAGE_SORT_COLUMNS, STORAGE_VIEWS, type StorageSortColumn } from '../../../../shared/constants'
import { readJson, writeJson } from '../../app/local-storage'
import { DEFAULT_PREFERENCES, explorer, type ExplorerPreferences } from './explorer-state'

/** The sort columns as the View menu and the set-sort command name them, in the menu's order. */
export const SORT_LABELS: Record<StorageSortColumn, string> = {
  name: 'Name', created_at: 'Time created', updated_at: 'Time modified', last_accessed_at: 'Time last accessed',
}

const Preferences = z.object({
  view: z.enum(STORAGE_VIEWS).catch(DEFAULT_PREFERENCES.view),
  sortBy: z.enum(STORAGE_SORT_COLUMNS).catch(DEFAULT_PREFERENCES.sortBy),
  sortByOrder: z.enum(['asc', 'desc']).catch(DEFAULT_PREFERENCES.sortByOrder),
})

function currentPreferences(): ExplorerPreferences {
  return { view: explorer.view, sortBy: explorer.sortBy, sortByOrder: explorer.sortByOrder }
}

export function savePreferences(ref: string): void {
  writeJson(LS_KEYS.storageExplorer(ref), currentPreferences())
}

/**
 * Puts the saved preferences of project `ref` into the explorer; a project with none gets the defaults
 * (never the view or sort of the project shown before), and they are saved for it.
 */
export function restorePreferences(ref: string): void {
  const saved = readJson(LS_KEYS.storageExplorer(ref), (v) => {
    const parsed = Preferences.safeParse(v)
    return parsed.success ? parsed.data : undefined
  })
  Object.assign(explorer, saved ?? DEFAULT_PREFERENCES)
  if (!saved) savePreferences(ref)
}
