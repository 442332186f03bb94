/**
 * Imports every command module for its registrations, and derives the id union from them.
 * Add a module here when you add an area (both lines: the import for the registration, the type for the ids).
 */
import './app'
import './nav'
import './table-editor'
import './grid-view'
import './grid-layout'
import './grid-columns'
import './grid-rows'
import './grid-selection'
import './grid-io'
import './sql-query'
import './sql-snippets'
import './policies'
import './policies-editor'
import './database-roles'
import './database-tables'
import './database-schemas'
import './database-functions'
import './database-triggers'
import './database-indexes'
import './database-types'
import './database-extensions'
import './database-publications'
import './database-wrappers'
import './database-migrations'
import './database-hooks'
import './logs-sources'
import './logs-explorer'
import './storage-buckets'
import './storage-explorer'
import './storage-objects'
import './storage-policies'
import './settings'
import './account'
import './auth-users'
import './auth-config'
import './auth-emails'
import './auth-column-privileges'
import './api-docs'
import './api-graphiql'
import type * as app from './app'
import type * as nav from './nav'
import type * as tableEditor from './table-editor'
import type * as gridView from './grid-view'
import type * as gridLayout from './grid-layout'
import type * as gridColumns from './grid-columns'
import type * as gridRows from './grid-rows'
import type * as gridSelection from './grid-selection'
import type * as gridIo from './grid-io'
import type * as sqlQuery from './sql-query'
import type * as sqlSnippets from './sql-snippets'
import type * as policies from './policies'
import type * as policiesEditor from './policies-editor'
import type * as databaseRoles from './database-roles'
import type * as databaseTables from './database-tables'
import type * as databaseSchemas from './database-schemas'
import type * as databaseFunctions from './database-functions'
import type * as databaseTriggers from './database-triggers'
import type * as databaseIndexes from './database-indexes'
import type * as databaseTypes from './database-types'
import type * as databaseExtensions from './database-extensions'
import type * as databasePublications from './database-publications'
import type * as databaseWrappers from './database-wrappers'
import type * as databaseMigrations from './database-migrations'
import type * as databaseHooks from './database-hooks'
import type * as logsSources from './logs-sources'
import type * as logsExplorer from './logs-explorer'
import type * as storageBuckets from './storage-buckets'
import type * as storageExplorer from './storage-explorer'
import type * as storageObjects from './storage-objects'
import type * as storagePolicies from './storage-policies'
import type * as settings from './settings'
import type * as account from './account'
import type * as authUsers from './auth-users'
import type * as authConfig from './auth-config'
import type * as authEmails from './auth-emails'
import type * as authColumnPrivileges from './auth-column-privileges'
import type * as apiDocs from './api-docs'
import type * as apiGraphiql from './api-graphiql'
import type { z } from 'zod'
import type { Command, CommandSource } from './registry'
import { run } from './registry'

type ValuesOf<M> = M[keyof M]
/** The commands a module exports (each `defineCommand` returns a `Command<A, R, I>` with a literal id I). */
type CommandsOf<M> = Extract<ValuesOf<M>, Command<any, any, string>>

/** Every command, as the union of the command objects the modules export. */
export type AnyCommand =
  | CommandsOf<typeof app>
  | CommandsOf<typeof nav>
  | CommandsOf<typeof tableEditor>
  | CommandsOf<typeof gridView>
  | CommandsOf<typeof gridLayout>
  | CommandsOf<typeof gridColumns>
  | CommandsOf<typeof gridRows>
  | CommandsOf<typeof gridSelection>
  | CommandsOf<typeof gridIo>
  | CommandsOf<typeof sqlQuery>
  | CommandsOf<typeof sqlSnippets>
  | CommandsOf<typeof policies>
  | CommandsOf<typeof policiesEditor>
  | CommandsOf<typeof databaseRoles>
  | CommandsOf<typeof databaseTables>
  | CommandsOf<typeof databaseSchemas>
  | CommandsOf<typeof databaseFunctions>
  | CommandsOf<typeof databaseTriggers>
  | CommandsOf<typeof databaseIndexes>
  | CommandsOf<typeof databaseTypes>
  | CommandsOf<typeof databaseExtensions>
  | CommandsOf<typeof databasePublications>
  | CommandsOf<typeof databaseWrappers>
  | CommandsOf<typeof databaseMigrations>
  | CommandsOf<typeof databaseHooks>
  | CommandsOf<typeof logsSources>
  | CommandsOf<typeof logsExplorer>
  | CommandsOf<typeof storageBuckets>
  | CommandsOf<typeof storageExplorer>
  | CommandsOf<typeof storageObjects>
  | CommandsOf<typeof storagePolicies>
  | CommandsOf<typeof settings>
  | CommandsOf<typeof account>
  | CommandsOf<typeof authUsers>
  | CommandsOf<typeof authConfig>
  | CommandsOf<typeof authEmails>
  | CommandsOf<typeof authColumnPrivileges>
  | CommandsOf<typeof apiDocs>
  | CommandsOf<typeof apiGraphiql>

export type CommandId = AnyCommand['id']

/** The command with this id. */
export type CommandOf<I extends CommandId> = Extract<AnyCommand, { id: I }>

/** What a caller passes: the zod INPUT type of the command's args schema (defaults and optionals may be left out). */
export type ArgsOf<I extends CommandId> = z.input<CommandOf<I>['args']>

/** What the command's run resolves to. */
export type ResultOf<I extends CommandId> = Awaited<ReturnType<CommandOf<I>['run']>>

/** The args as a parameter list: optional when `{}` satisfies the schema, required otherwise. */
type ArgsList<A> = {} extends A ? [args?: A] : [args: A]

/**
 * The parameters after the id: `[args?]` or `[args]`. For a union of ids (an id typed `CommandId`, or
 * `cond ? 'a' : 'b'`) the args are the union of theirs, optional if one of them takes none: a literal id
 * is checked exactly, an id only known as one of several is checked as loosely as that knowledge allows.
 */
export type ArgsParams<I extends CommandId> = ArgsList<ArgsOf<I>>

/** `ArgsParams<I>` followed by the source. */
export type RunParams<I extends CommandId> = [...ArgsParams<I>, source?: CommandSource]

/** An id with its args, checked together: a list of calls to run later (`for (const [id, args] of calls) run(id, args)`). */
export type CommandCall<I extends CommandId = CommandId> = I extends CommandId ? [id: I, args: ArgsOf<I>] : never

/**
 * Runs a command by id, typed end to end: `run('sql.snippet.rename', { name: 'x' })` checks the args
 * against the schema and resolves to the command's result. The registry's `runCommand(id: string, args:
 * unknown)` stays for ids that come from data (the palette, the key dispatcher). Source defaults to 'button'.
 * (Defined in the registry, so a command module can use it without loading this file at run time.)
 */
export { run }
