/**
 * What a command's `when`, `enabled` and `checked` say right now, for components: one subscription to
 * everything they may read (the router's location, the model's UI stores, the query cache: grants, tables…),
 * so a button, a menu or the palette updates by itself and no component subscribes by hand.
 */
import { useSyncExternalStore } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { subscribe } from 'valtio'
import type { CommandId } from '../../commands/all'
import { currentContext, disabledReason, getCommand, isAvailable } from '../../commands/registry'
import { keymap } from './model/app/keys/keymap'
import { palette } from './model/app/palette'
import { theme } from './model/app/theme'
import { policyEditor } from './model/auth/policies/policy-editor-state'
import { rolesState } from './model/database/roles/roles-state'
import { migrationsState } from './model/database/migrations/migrations-state' // database migrations and webhooks
import { hooksState } from './model/database/hooks/hooks-state' // database migrations and webhooks
import { databaseTablesState } from './model/database/tables/tables-state'
import { visualizerState } from './model/database/schemas/visualizer-state'
import { extensionsState } from './model/database/extensions/extensions-state'
import { publicationsState } from './model/database/replication/publications-state'
import { wrappersState } from './model/database/wrappers/wrappers-state'
import { functionsState } from './model/database/functions/functions-state' // database functions
import { triggersState } from './model/database/triggers/triggers-state' // database triggers
import { logsExplorer } from './model/logs/explorer/explorer-state' // logs explorer
import { recentQueries } from './model/logs/explorer/recent' // logs explorer
import { sourceLogsState } from './model/logs/sources/source-state' // logs sources
import { roleState } from './model/project/role'
import { snippetsState } from './model/sql-editor/snippets'
import { sqlDrafts } from './model/sql-editor/sql-drafts'
import { sqlEditor } from './model/sql-editor/sql-editor'
import { bucketsState } from './model/storage/buckets/bucket-state'
import { objectDialogs } from './model/storage/explorer/actions/dialog-state'
import { explorer } from './model/storage/explorer/explorer-state'
import { storagePolicyModal } from './model/storage/policies/storage-policy-state'
import { gridState } from './model/table-editor/grid'
import { importState } from './model/table-editor/io/import-state'
import { rowEdit } from './model/table-editor/row-edit'
import { saveStatus } from './model/table-editor/save-status'
import { selection } from './model/table-editor/selection'
import { structureState } from './model/table-editor/structure/structure-state'
import { tableListState } from './model/table-editor/table-list'
import { undoState } from './model/table-editor/undo'
import { authConfigEditor } from './model/auth/config-state'
import { authFeatures } from './model/auth/features'
import { columnPrivilegesState } from './model/auth/column-privileges-state'
import { usersState } from './model/auth/users-state'
import { graphiql } from './model/api/graphiql'
import { apiDocsPrefs } from './model/api/preferences'
import { indexesState } from './model/database/indexes/indexes-state' // database indexes
import { typesState } from './model/database/types/types-state' // database enumerated types
import type { AppRouter } from './router'

/** Every UI store a `when`, `enabled` or `checked` may read (toasts, confirmations and help never decide one). */
const STORES: object[] = [
  keymap, palette, theme, policyEditor, rolesState, roleState, snippetsState, sqlDrafts, sqlEditor, bucketsState,
  objectDialogs, explorer, storagePolicyModal, gridState, importState, rowEdit, saveStatus, selection, structureState,
  tableListState, undoState, authConfigEditor, authFeatures, columnPrivilegesState, usersState, graphiql, apiDocsPrefs,
  indexesState, typesState, // database indexes, database enumerated types
  databaseTablesState, // database tables
  visualizerState, // database schema visualizer
  extensionsState, publicationsState, wrappersState, // database extensions, publications, wrappers
  functionsState, // database functions
  triggersState, // database triggers
  migrationsState, hooksState, // database migrations and webhooks
  logsExplorer, recentQueries, // logs explorer
  sourceLogsState, // logs sources
]

const listeners = new Set<() => void>()
let version = 0
let pending = false

/** Something a command may read changed: tell the subscribers once, after the current task's changes. */
function changed(): void {
  if (pending) return
  pending = true
  queueMicrotask(() => {
    pending = false
    version++
    for (const listener of listeners) listener()
  })
}

function subscribeInputs(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Wires the inputs once, when the browser's command context is installed. */
export function watchCommandInputs(router: AppRouter, queryClient: QueryClient): void {
  router.subscribe('onResolved', changed)
  queryClient.getQueryCache().subscribe(changed)
  for (const store of STORES) subscribe(store, changed)
}

export interface CommandState {
  /** `when` holds: the command is offered here */
  available: boolean
  /** why it is disabled (its `enabled` reason), or null */
  reason: string | null
  /** a toggle's state; undefined for other commands */
  checked: boolean | undefined
}

const states = new Map<string, CommandState>()

/** The state now, the same object while nothing in it changed (useSyncExternalStore compares by identity). */
export function commandState(id: string): CommandState {
  const cmd = getCommand(id)
  const ctx = currentContext()
  const next: CommandState = {
    available: cmd ? isAvailable(cmd, ctx) : false,
    reason: cmd ? disabledReason(cmd, ctx) : null,
    checked: cmd?.checked?.(ctx),
  }
  const prev = states.get(id)
  if (prev && prev.available === next.available && prev.reason === next.reason && prev.checked === next.checked) return prev
  states.set(id, next)
  return next
}

/** A command's state for a component, which re-renders when it changes. */
export function useCommandState(id: CommandId): CommandState {
  return useSyncExternalStore(subscribeInputs, () => commandState(id))
}

/** For lists of commands (the palette, the key overlay): re-renders whenever any command's state may have changed. */
export function useCommandInputs(): number {
  return useSyncExternalStore(subscribeInputs, () => version)
}
