/**
 * /project/{ref}/database/migrations: the history the Supabase CLI keeps in
 * supabase_migrations.schema_migrations, newest first; the selected migration's SQL, or what it changed
 * against the one before it. Without the table, how migrations get there.
 */
import { useMemo, useRef, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { Copy, FileCode2, GitCompareArrows, History, RotateCw, SquareTerminal } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Badge, Button, DisabledReason, EmptyState, Spinner } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import {
  diffStats, formatVersion, lineDiff, migrationSql, migrationsQuery, previousMigration, selectedMigration, type Migration,
} from '../../../model/database/migrations/migrations-data'
import { migrationsState } from '../../../model/database/migrations/migrations-state'
import { studioQuery } from '../../../model/project/project-queries'
import { SqlView } from './SqlView'
import { DiffView } from './DiffView'
import './migrations.css'

const ROUTE = '/project/$ref/database/migrations'

const CREATE_TABLE_SQL = `create schema if not exists supabase_migrations;
create table if not exists
  supabase_migrations.schema_migrations (
    version text primary key,
    statements text[],
    name text
  );`

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function MigrationsPage() {
  const { ref } = useParams({ from: ROUTE })
  const api = useApi()
  const history = useQuery(migrationsQuery(api, ref))
  const list = history.data?.migrations ?? []

  return (
    <div className="db-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Database Migrations</h1>
          <p className="area-header__lead" role="status">
            {history.data
              ? history.data.exists
                ? `${count(list.length, 'migration')} in supabase_migrations.schema_migrations`
                : 'No migration history in this database'
              : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <Button icon={<RotateCw size={14} />} onClick={() => press('database.migrations.refresh')} loading={history.isFetching && !history.isPending}>
            Refresh
          </Button>
        </div>
      </header>
      {history.isError ? (
        <Alert
          type="destructive"
          title={MSG.migrationsError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.migrations.refresh')}>Retry</Button>}
          className="db-error"
        >
          {history.error.message}
        </Alert>
      ) : !history.data ? (
        <div className="db-loading">
          <Spinner label="Loading migrations" />
        </div>
      ) : list.length === 0 ? (
        <MigrationsEmpty tableExists={history.data.exists} />
      ) : (
        <MigrationsBrowser list={list} />
      )}
    </div>
  )
}

function MigrationsEmpty({ tableExists }: { tableExists: boolean }) {
  const studio = useQuery(studioQuery(useApi()))
  const pglite = studio.data?.database === 'pglite'
  return (
    <EmptyState
      className="migrations-empty"
      icon={<History size={20} />}
      title={MSG.migrationsEmptyTitle}
      description={
        <span className="migrations-empty__body">
          {tableExists ? (
            <span>The table supabase_migrations.schema_migrations exists but holds no migration. It gets them when you:</span>
          ) : (
            <span>{MSG.migrationsEmptyLead}</span>
          )}
          <ol className="migrations-empty__steps">
            <li>
              write one with <code>supabase migration new &lt;name&gt;</code> (a file in supabase/migrations), then apply it with{' '}
              <code>supabase db push --db-url &lt;connection string&gt;</code>, the connection string of this database
              {pglite ? ' (this studio runs on embedded PGlite, which takes no connections: use the other way)' : ''};
            </li>
            {!tableExists && (
              <li>
                or create the table as the CLI does, and insert rows into it yourself:
                <pre className="migrations-empty__sql">{CREATE_TABLE_SQL}</pre>
              </li>
            )}
          </ol>
        </span>
      }
      action={
        !tableExists ? (
          <Button icon={<SquareTerminal size={14} />} onClick={() => press('sql.snippet.new', { sql: CREATE_TABLE_SQL, name: 'Create the migrations table' })}>
            Open in SQL editor
          </Button>
        ) : undefined
      }
    />
  )
}

function MigrationsBrowser({ list }: { list: Migration[] }) {
  const { selected: selectedVersion, view } = useSnapshot(migrationsState)
  const selected = selectedMigration(list, selectedVersion) ?? list[0]!
  const previous = previousMigration(list, selected.version)
  const listRef = useRef<HTMLUListElement>(null)

  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => press('database.migration.next'),
      ArrowUp: () => press('database.migration.previous'),
      Home: () => press('database.migration.open', { version: list[0]!.version }),
      End: () => press('database.migration.open', { version: list.at(-1)!.version }),
    }
    const action = keys[e.key]
    if (!action) return
    e.preventDefault()
    action()
  }

  return (
    <div className="migrations-browser">
      <nav className="migrations-list" aria-label="Migration history">
        <ul ref={listRef} role="listbox" aria-label="Migrations, newest first" tabIndex={0} onKeyDown={onKeyDown}
          aria-activedescendant={`migration-${selected.version}`}>
          {list.map((m) => (
            <li
              key={m.version}
              id={`migration-${m.version}`}
              role="option"
              aria-selected={m.version === selected.version}
              className="migrations-item"
              onClick={() => {
                press('database.migration.open', { version: m.version })
                listRef.current?.focus()
              }}
            >
              <span className="migrations-item__name">{m.name ?? 'Unnamed migration'}</span>
              <span className="migrations-item__meta">
                <span className="migrations-item__version" title={m.version}>{formatVersion(m.version)}</span>
                <span>{count(m.statements.length, 'statement')}</span>
              </span>
            </li>
          ))}
        </ul>
      </nav>
      <MigrationDetail migration={selected} previous={previous} view={view} />
    </div>
  )
}

function MigrationDetail({ migration, previous, view }: { migration: Migration; previous: Migration | undefined; view: 'sql' | 'diff' }) {
  const sql = useMemo(() => migrationSql(migration), [migration])
  const before = useMemo(() => (previous ? migrationSql(previous) : ''), [previous])
  const diff = useMemo(() => (view === 'diff' ? lineDiff(before, sql) : []), [view, before, sql])
  const stats = diffStats(diff)
  const copyReason = useCommandReason('database.migration.copy')
  const editorReason = useCommandReason('database.migration.sql-editor')
  return (
    <section className="migrations-detail" aria-label={`Migration ${migration.version}`}>
      <header className="migrations-detail__header">
        <div className="migrations-detail__title">
          <h2>{migration.name ?? 'Unnamed migration'}</h2>
          <p>
            <span title={migration.version}>{formatVersion(migration.version)}</span>
            {formatVersion(migration.version) !== migration.version && <code>{migration.version}</code>}
            <Badge>{count(migration.statements.length, 'statement')}</Badge>
          </p>
        </div>
        <div className="area-toolbar">
          <div className="migrations-toggle" role="group" aria-label="Show">
            <Button size="sm" variant={view === 'diff' ? 'default' : 'ghost'} aria-pressed={view === 'diff'} icon={<GitCompareArrows size={14} />}
              onClick={() => view !== 'diff' && press('database.migration.view.toggle')}>
              Changes
            </Button>
            <Button size="sm" variant={view === 'sql' ? 'default' : 'ghost'} aria-pressed={view === 'sql'} icon={<FileCode2 size={14} />}
              onClick={() => view !== 'sql' && press('database.migration.view.toggle')}>
              SQL
            </Button>
          </div>
          <DisabledReason reason={copyReason}>
            <Button size="sm" icon={<Copy size={14} />} disabled={copyReason !== null} onClick={() => press('database.migration.copy', { version: migration.version })}>
              Copy SQL
            </Button>
          </DisabledReason>
          <DisabledReason reason={editorReason}>
            <Button size="sm" icon={<SquareTerminal size={14} />} disabled={editorReason !== null || !sql}
              onClick={() => press('database.migration.sql-editor', { version: migration.version })}>
              Open in SQL editor
            </Button>
          </DisabledReason>
        </div>
      </header>
      {view === 'diff' && (
        <p className="migrations-detail__compare" role="status">
          {previous
            ? <>Against <strong>{previous.name ?? previous.version}</strong> ({formatVersion(previous.version)}): <span className="migrations-add">+{stats.added}</span> <span className="migrations-remove">−{stats.removed}</span> lines</>
            : <>The first migration: every line is new (<span className="migrations-add">+{stats.added}</span>)</>}
        </p>
      )}
      {!sql ? (
        <p className="migrations-detail__none">This migration records no statements.</p>
      ) : view === 'diff' ? (
        <DiffView lines={diff} label={`Changes of migration ${migration.version}`} />
      ) : (
        <SqlView code={sql} label={`SQL of migration ${migration.version}`} />
      )}
    </section>
  )
}
