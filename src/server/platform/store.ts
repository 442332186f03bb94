/**
 * The platform store: the studio's own metadata (users, content, project keys and config), apart from the project databases.
 * Schema _studio in a PGlite of its own under `${dataDir}/platform` by default, or in a PostgreSQL database
 * (PostgreSQL mode: the project's own database, or another one). Migrations run on every open and are
 * idempotent; an advisory lock keeps two studios starting on one database from racing.
 */
import { join } from 'node:path'
import type { Driver } from '../db/driver'
import { openPglite } from '../db/pglite'
import { openPostgres } from '../db/postgres'
import type { StudioUser } from './users'

const MIGRATIONS = `
create schema if not exists _studio;
create table if not exists _studio.users (
  id int primary key,
  username text not null
);
create table if not exists _studio.content (
  id uuid primary key,
  project_ref text not null,
  owner_id int not null references _studio.users (id),
  type text not null,
  name text not null,
  description text not null default '',
  visibility text not null check (visibility in ('user', 'project')),
  content jsonb not null default '{}',
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists content_project_type on _studio.content (project_ref, type);
create table if not exists _studio.project_keys (
  ref text primary key,
  jwt_secret text not null,
  anon_key text not null,
  service_role_key text not null
);
create table if not exists _studio.project_config (
  ref text primary key,
  storage_file_size_limit bigint not null
);
-- Dashboard sign-in (src/server/security): sessions by the SHA-256 of their cookie, the generated password's argon2id hash.
create table if not exists _studio.sessions (
  token_hash text primary key,
  user_id int not null references _studio.users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists sessions_expires_at on _studio.sessions (expires_at);
create table if not exists _studio.dashboard_password (
  id boolean primary key default true check (id),
  hash text not null,
  created_at timestamptz not null default now()
);
-- SQL result download links (src/server/query/download.ts): one-time, by the SHA-256 of their token, here so
-- that any studio sharing this store opens a link another made.
create table if not exists _studio.sql_downloads (
  token_hash text primary key,
  user_id int,
  query text not null,
  format text not null check (format in ('csv', 'json')),
  impersonate jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);`

interface StoreOptions {
  dataDir: string
  /** PostgreSQL: schema _studio of this database; else a PGlite under `${dataDir}/platform` */
  databaseUrl?: string
  /** the users to record (the self-hosted one, and a test studio's others) */
  users: readonly StudioUser[]
}

export interface PlatformStore {
  /** The store, opened and migrated on first use (a PGlite takes seconds to open), then the same one. */
  get(): Promise<Driver>
  /** Closes the store if it was opened. */
  close(): Promise<void>
}

export function platformStore(opts: StoreOptions): PlatformStore {
  let opening: Promise<Driver> | undefined
  return {
    get: () =>
      (opening ??= openPlatformStore(opts).catch((e: unknown) => {
        opening = undefined // a later request tries again
        throw e
      })),
    async close() {
      const store = await opening?.catch(() => undefined)
      await store?.close()
    },
  }
}

async function openPlatformStore(opts: StoreOptions): Promise<Driver> {
  const store = opts.databaseUrl ? openPostgres(opts.databaseUrl) : await openPglite(join(opts.dataDir, 'platform'))
  try {
    await store.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('_studio migrations'))`)
      await tx.exec(MIGRATIONS)
      for (const user of opts.users) {
        await tx.query(
          `insert into _studio.users (id, username) values ($1, $2) on conflict (id) do update set username = excluded.username`,
          [user.id, user.username],
        )
      }
    })
  } catch (e) {
    await store.close()
    throw e
  }
  return store
}
