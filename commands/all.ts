/**
 * Imports every command module for its registrations, and derives the id union from them.
 * Add a module here when you add an area (both lines: the import for the registration, the type for the ids).
 */
import './app'
import './navigation'
import './table-editor'
import './table-rows'
import './table-structure'
import './table-io'
import './sql-editor'
import './sql-snippets'
import './auth-policies'
import './database-roles'
import './storage-buckets'
import './storage-explorer'
import './storage-objects'
import './storage-policies'
import './settings'
import './account'
import type * as app from './app'
import type * as navigation from './navigation'
import type * as tableEditor from './table-editor'
import type * as tableRows from './table-rows'
import type * as tableStructure from './table-structure'
import type * as tableIo from './table-io'
import type * as sqlEditor from './sql-editor'
import type * as sqlSnippets from './sql-snippets'
import type * as authPolicies from './auth-policies'
import type * as databaseRoles from './database-roles'
import type * as storageBuckets from './storage-buckets'
import type * as storageExplorer from './storage-explorer'
import type * as storageObjects from './storage-objects'
import type * as storagePolicies from './storage-policies'
import type * as settings from './settings'
import type * as account from './account'
import { runCommand, type CommandSource } from './registry'

type ValuesOf<M> = M[keyof M]
type IdsOf<M> = ValuesOf<M> extends infer C ? (C extends { id: infer I extends string } ? I : never) : never

export type CommandId =
  | IdsOf<typeof app>
  | IdsOf<typeof navigation>
  | IdsOf<typeof tableEditor>
  | IdsOf<typeof tableRows>
  | IdsOf<typeof tableStructure>
  | IdsOf<typeof tableIo>
  | IdsOf<typeof sqlEditor>
  | IdsOf<typeof sqlSnippets>
  | IdsOf<typeof authPolicies>
  | IdsOf<typeof databaseRoles>
  | IdsOf<typeof storageBuckets>
  | IdsOf<typeof storageExplorer>
  | IdsOf<typeof storageObjects>
  | IdsOf<typeof storagePolicies>
  | IdsOf<typeof settings>
  | IdsOf<typeof account>

/** `runCommand` with the id checked against the registry's ids. */
export function run<R = unknown>(id: CommandId, args: unknown = {}, source: CommandSource = 'button'): Promise<R> {
  return runCommand<R>(id, args, source)
}
