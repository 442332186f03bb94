/**
 * Prepares a project database the way a hosted project is: the API roles, the auth helpers policies use,
 * the storage schema, and grants. Runs on every start; every statement is idempotent, so data is kept.
 * Roles are cluster-wide on a PostgreSQL server, hence the pg_roles checks.
 */
import { authSchema } from '../auth/schema'
import type { Driver } from './driver'

const ROLES = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator nologin noinherit; end if;
  if not pg_has_role('authenticator', 'anon', 'member') then grant anon, authenticated, service_role to authenticator; end if;
end
$$;
-- authenticator may become service_role: without a password, logging in as it (trust or peer auth) would be
-- a way around every policy. It logs in only once its admin gives it a password; one made LOGIN without one
-- (by an earlier version) is put back to NOLOGIN. pg_authid is readable by superusers only: else leave it be.
do $$
begin
  if exists (select from pg_authid where rolname = 'authenticator' and rolcanlogin and rolpassword is null) then
    alter role authenticator nologin;
  end if;
exception when insufficient_privilege then null;
end
$$;`

const SCHEMAS = `
create schema if not exists auth;
create schema if not exists extensions;
create schema if not exists storage;
grant usage on schema public, auth, extensions, storage to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`

const AUTH = `
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''), auth.jwt() ->> 'sub')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''), auth.jwt() ->> 'role')
$$;`

const STORAGE = `
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  version text,
  user_metadata jsonb,
  unique (bucket_id, name)
);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Folder listings read one prefix's range of names in byte order (src/server/storage/listing.ts).
create index if not exists objects_bucket_id_name_c on storage.objects (bucket_id, name collate "C");
-- … and walk a folder's entries in order, jumping over each subfolder: with '/' as chr(1), byte order is entry order.
create index if not exists objects_bucket_id_entry_key on storage.objects (bucket_id, (replace(name, '/', chr(1))) collate "C");

create or replace function storage.foldername(name text) returns text[] language sql immutable as $$
  select (string_to_array(name, '/'))[1 : cardinality(string_to_array(name, '/')) - 1]
$$;
create or replace function storage.filename(name text) returns text language sql immutable as $$
  select (string_to_array(name, '/'))[cardinality(string_to_array(name, '/'))]
$$;
create or replace function storage.extension(name text) returns text language sql immutable as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;`

export async function bootstrap(db: Driver): Promise<void> {
  await db.transaction(async (tx) => {
    // Two studios starting on one server at once take turns.
    await tx.query(`select pg_advisory_xact_lock(hashtext('studio.bootstrap'))`)
    for (const script of [ROLES, SCHEMAS, AUTH, STORAGE]) await tx.exec(script)
    await authSchema(tx)
  })
}
