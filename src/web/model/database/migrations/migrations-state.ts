/** The Migrations page's UI state: which migration is selected (by version; null: the newest) and how it is shown. */
import { proxy } from 'valtio'

export type MigrationView = 'sql' | 'diff'

export const migrationsState = proxy({ selected: null as string | null, view: 'diff' as MigrationView })

export function selectMigration(version: string | null): void {
  migrationsState.selected = version
}

export function setMigrationView(view: MigrationView): void {
  migrationsState.view = view
}
