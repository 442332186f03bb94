/**
 * SQL templates (issue 4): short, correct scripts for everyday jobs. Choosing one opens it as a new
 * snippet ('sql.template.use'). The table they act on is an example, public.notes; the first template
 * creates it. Quickstarts (whole example schemas) live in quickstarts.ts.
 */
import { QUICKSTARTS } from './quickstarts'

export interface SqlTemplate {
  id: string
  kind: 'template' | 'quickstart'
  name: string
  description: string
  sql: string
}

const sql = (text: string) => `${text.trim()}\n`

export const TEMPLATES: SqlTemplate[] = [
  {
    id: 'table-with-rls',
    kind: 'template',
    name: 'Create a table with RLS',
    description: 'A table whose rows belong to the signed-in user, with row level security and a policy per action.',
    sql: sql(`
create table public.notes (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid(),
  title text not null,
  body text not null default '',
  created_at timestamptz not null default now()
);

alter table public.notes enable row level security;

-- (select auth.uid()) is evaluated once per query instead of once per row
create policy "Users can read their own notes"
  on public.notes for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can create their own notes"
  on public.notes for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "Users can update their own notes"
  on public.notes for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "Users can delete their own notes"
  on public.notes for delete to authenticated
  using ((select auth.uid()) = user_id);
`),
  },
  {
    id: 'add-index',
    kind: 'template',
    name: 'Add an index',
    description: 'Speeds up filters, joins and sorts on a column.',
    sql: sql(`
-- Index the column your queries filter or join on (RLS policies on user_id benefit too)
create index if not exists notes_user_id_idx on public.notes (user_id);

-- On a large, busy table build it without blocking writes instead (run it on its own,
-- outside a transaction):
-- create index concurrently if not exists notes_user_id_idx on public.notes (user_id);
`),
  },
  {
    id: 'slow-queries',
    kind: 'template',
    name: 'List slow queries',
    description: 'The statements that took the most time in all, from pg_stat_statements.',
    sql: sql(`
-- pg_stat_statements must be preloaded by the server (shared_preload_libraries) and created
-- in the database; this stops with a clear message when it is not.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_stat_statements') then
    raise exception 'pg_stat_statements is not installed: add it to shared_preload_libraries, restart Postgres, then run: create extension pg_stat_statements;';
  end if;
end
$$;

select
  round(total_exec_time::numeric, 1) as total_ms,
  calls,
  round(mean_exec_time::numeric, 2) as mean_ms,
  rows,
  query
from pg_stat_statements
order by total_exec_time desc
limit 20;
`),
  },
  {
    id: 'enable-extension',
    kind: 'template',
    name: 'Enable an extension',
    description: 'See which extensions this database offers, then enable one.',
    sql: sql(`
-- What this database can install, installed ones first
select name, default_version, installed_version, comment
from pg_available_extensions
order by installed_version is null, name;

-- Enable one, in its own schema (pg_trgm: fast LIKE / ILIKE and similarity search)
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
`),
  },
  {
    id: 'table-sizes',
    kind: 'template',
    name: 'List tables with their sizes',
    description: 'Every table, largest first, with its data, index and total size.',
    sql: sql(`
select
  n.nspname as schema,
  c.relname as table,
  pg_size_pretty(pg_total_relation_size(c.oid)) as total_size,
  pg_size_pretty(pg_relation_size(c.oid)) as data_size,
  pg_size_pretty(pg_indexes_size(c.oid)) as index_size,
  greatest(c.reltuples, 0)::bigint as estimated_rows
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p', 'm')
  and n.nspname not in ('pg_catalog', 'information_schema')
  and n.nspname not like 'pg_toast%'
order by pg_total_relation_size(c.oid) desc;
`),
  },
  {
    id: 'unused-indexes',
    kind: 'template',
    name: 'Find unused indexes',
    description: 'Indexes never scanned since the statistics were last reset: candidates to drop.',
    sql: sql(`
-- Unique and primary key indexes are left out: they enforce rules even when never scanned
select
  s.schemaname as schema,
  s.relname as table,
  s.indexrelname as index,
  pg_size_pretty(pg_relation_size(s.indexrelid)) as index_size,
  s.idx_scan as scans
from pg_stat_user_indexes s
join pg_index i on i.indexrelid = s.indexrelid
where s.idx_scan = 0
  and not i.indisunique
  and not i.indisprimary
order by pg_relation_size(s.indexrelid) desc;
`),
  },
  {
    id: 'create-view',
    kind: 'template',
    name: 'Create a view',
    description: "A saved query you select from like a table; it respects the caller's RLS policies.",
    sql: sql(`
-- security_invoker: the view reads the table with the rights (and RLS) of whoever queries it
create or replace view public.recent_notes
with (security_invoker = true) as
select id, title, created_at
from public.notes
where created_at > now() - interval '7 days';

select * from public.recent_notes order by created_at desc;
`),
  },
  {
    id: 'updated-at-trigger',
    kind: 'template',
    name: 'Keep updated_at current with a trigger',
    description: 'Sets updated_at to the time of every update.',
    sql: sql(`
alter table public.notes add column if not exists updated_at timestamptz not null default now();

create or replace function public.set_updated_at()
returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;

create or replace trigger notes_set_updated_at
  before update on public.notes
  for each row
  execute function public.set_updated_at();
`),
  },
  {
    id: 'full-text-search',
    kind: 'template',
    name: 'Add full-text search',
    description: 'A generated search column with a GIN index, and a ranked search query.',
    sql: sql(`
alter table public.notes
  add column if not exists fts tsvector
  generated always as (to_tsvector('english', title || ' ' || body)) stored;

create index if not exists notes_fts_idx on public.notes using gin (fts);

-- websearch_to_tsquery understands quotes, "or" and -minus, like a search box
select id, title, ts_rank(fts, query) as rank
from public.notes, websearch_to_tsquery('english', 'postgres "row level"') as query
where fts @@ query
order by rank desc
limit 20;
`),
  },
  {
    id: 'create-function',
    kind: 'template',
    name: 'Create a function',
    description: 'A SQL function you can call from queries, policies and the API.',
    sql: sql(`
create or replace function public.note_count(for_user uuid)
returns bigint
language sql
stable
as $$
  select count(*) from public.notes where user_id = for_user;
$$;

select public.note_count(auth.uid());
`),
  },
  {
    id: 'list-policies',
    kind: 'template',
    name: 'List RLS policies',
    description: 'Every row level security policy, with its roles and expressions.',
    sql: sql(`
select schemaname as schema, tablename as table, policyname as policy, cmd as command,
  roles, qual as using_expression, with_check as check_expression
from pg_policies
order by schemaname, tablename, policyname;
`),
  },
  {
    id: 'running-queries',
    kind: 'template',
    name: 'List running queries',
    description: 'What the database is doing right now, longest running first.',
    sql: sql(`
select pid, usename as role, state, now() - query_start as running_for,
  wait_event_type, left(query, 200) as query
from pg_stat_activity
where state <> 'idle' and pid <> pg_backend_pid()
order by query_start;

-- To stop one: select pg_cancel_backend(<pid>);
`),
  },
]

export const SQL_TEMPLATES: SqlTemplate[] = [...TEMPLATES, ...QUICKSTARTS]

export function findTemplate(id: string): SqlTemplate | undefined {
  return SQL_TEMPLATES.find((t) => t.id === id)
}
