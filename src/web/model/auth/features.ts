/**
 * The Authentication area's feature flags. Column privileges (spec: ALPHA, feature-flagged) is off unless
 * turned on: by the command 'nav.auth-column-privileges.flag.toggle' (⌘K: "Column privileges (ALPHA)"),
 * which keeps the choice in this browser's localStorage under `studio.feature.column-privileges`.
 */
import { proxy } from 'valtio'
import { readString, removeKey, writeString } from '../app/local-storage'

export const COLUMN_PRIVILEGES_FLAG_KEY = 'studio.feature.column-privileges'

export const authFeatures = proxy({ columnPrivileges: readString(COLUMN_PRIVILEGES_FLAG_KEY) === 'on' })

export function setColumnPrivilegesFlag(on: boolean): void {
  authFeatures.columnPrivileges = on
  if (on) writeString(COLUMN_PRIVILEGES_FLAG_KEY, 'on')
  else removeKey(COLUMN_PRIVILEGES_FLAG_KEY)
}
