/**
 * The logs' sources besides edge (issue 16): what Supabase's own clients do shows, once flushed, in the
 * database's source views: a REST read in postgrest_logs (its relation, filters and role) and its edge event
 * with the anon role; a sign-up and a failed sign-in in auth_logs; an upload, through storage-js and the
 * dashboard, in storage_logs (bucket, key, size); a statement in postgres_logs without its literals, and a failing one with its SQLSTATE. On PGlite
 * and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { queryLogs } from '../../src/server/logs/query'
import { targets } from '../support/context'
import { ownStudio, type OwnStudio } from '../support/own-studio'
import { keysOf, newEmail, supabase, type ProjectKeysOf } from '../support/auth-client'
import { AUTH } from '../support/auth'
import { client, REF, unique } from './support/http'

type Event = { event_message: string; metadata: Record<string, any> }

describe.each(targets())('log sources on $name', (target) => {
  let own: OwnStudio
  let keys: ProjectKeysOf
  let anon: SupabaseClient
  const c = () => client(own.studio.url)

  /** The events a logs query finds, once what waits in memory is written. */
  async function events(sql: string): Promise<Event[]> {
    await own.studio.logs.flush()
    return (await queryLogs(await own.studio.store.get(), own.studio.logs.store, { sql })).result as Event[]
  }

  beforeAll(async () => {
    // flushed only when a test asks, so each test reads what it caused
    own = await ownStudio(target, 'logs-sources', { logs: { flushMs: 60_000 } })
    keys = await keysOf(own.studio)
    anon = supabase(keys)
  }, 120_000)
  afterAll(async () => {
    await own?.close()
  })

  it('records a REST read with its schema, relation, filters and role, and its edge event as anon', async () => {
    const table = unique('log_items')
    await c().sql(`create table public.${table} (id int primary key, name text); insert into public.${table} values (1, 'one'), (2, 'two');
      grant select on public.${table} to anon`)
    const read = await anon.from(table).select('id, name').eq('id', 1).or('name.eq.one,name.eq.two').order('id')
    expect(read.error).toBeNull()
    expect(read.data).toEqual([{ id: 1, name: 'one' }])

    const rest = await events(`select event_message, metadata from postgrest_logs where metadata->>'relation' = '${table}'`)
    expect(rest).toHaveLength(1)
    expect(rest[0]!.event_message).toBe(`GET | 200 | /api/projects/default/rest/v1/${table} | public.${table}`)
    expect(rest[0]!.metadata).toMatchObject({
      method: 'GET', schema: 'public', relation: table, function: null, status: 200, role: 'anon', error_code: null,
      filters: [{ column: 'id', operator: 'eq' }, { column: 'or', operator: 'or' }],
    })

    const missing = await anon.from(`${table}_none`).select()
    expect(missing.error).toMatchObject({ code: 'PGRST205' })
    const refused = await events(`select metadata from postgrest_logs where metadata->>'relation' = '${table}_none'`)
    expect(refused.map((e) => e.metadata)).toEqual([expect.objectContaining({ status: 404, error_code: 'PGRST205', role: 'anon' })])

    const edge = await events(`select metadata from edge_logs where metadata->'request'->>'path' like '%/rest/v1/${table}'`)
    expect(edge.map((e) => e.metadata.role)).toEqual(['anon'])
  })

  it('records a sign-up and a failed sign-in as auth events, and the caller role at the edge', async () => {
    const email = newEmail('logs')
    expect((await anon.auth.signUp({ email, password: 'correct-horse-1' })).error).toBeNull()
    const wrong = await anon.auth.signInWithPassword({ email, password: 'wrong-password' })
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials' })

    const auth = await events(`select event_message, metadata from auth_logs where metadata->>'actor_username' = '${email}' order by timestamp`)
    const byAction = Object.fromEntries(auth.map((e) => [e.metadata.action, e]))
    expect(byAction.user_signedup).toMatchObject({
      event_message: 'user_signedup',
      metadata: { action: 'user_signedup', log_type: 'team', actor_username: email, traits: { provider: 'email' }, level: 'info', error_code: null },
    })
    expect(byAction.user_signedup!.metadata.actor_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(byAction.login_failed).toMatchObject({
      event_message: 'login_failed: invalid_credentials',
      metadata: { action: 'login_failed', log_type: 'account', level: 'warning', error_code: 'invalid_credentials' },
    })
    expect(typeof byAction.login_failed!.metadata.ip).toBe('string')

    const edge = await events(`select metadata from edge_logs where metadata->'request'->>'path' like '%/auth/v1/signup'`)
    expect(edge.map((e) => e.metadata.role)).toEqual(['anon'])
  })

  it('records an upload with its bucket, key, size and role, and a refused one with its error', async () => {
    const admin = supabase(keys, keys.serviceRoleKey)
    const bucket = unique('logs').replace(/_/g, '-')
    expect((await admin.storage.createBucket(bucket)).error).toBeNull()
    expect((await admin.storage.from(bucket).upload('docs/hello.txt', 'hello', { contentType: 'text/plain' })).error).toBeNull()
    expect((await admin.storage.from(bucket).upload('docs/hello.txt', 'again')).error).toMatchObject({ status: 409 })

    const storage = await events(`select event_message, metadata from storage_logs where metadata->>'bucket' = '${bucket}' order by timestamp`)
    expect(storage.map((e) => e.metadata.operation)).toEqual(['bucket_create', 'upload', 'upload'])
    expect(storage[1]).toMatchObject({
      event_message: `upload | 200 | ${bucket}/docs/hello.txt`,
      metadata: { bucket, key: 'docs/hello.txt', size: 5, status: 200, error: null, role: 'service_role' },
    })
    expect(storage[2]!.metadata).toMatchObject({ key: 'docs/hello.txt', status: 409, error: 'The resource already exists', role: 'service_role' })

    // the dashboard's upload: the same operation, by the dashboard's user
    const res = await fetch(`${own.studio.url}/platform/storage/${REF}/buckets/${bucket}/objects/upload?path=from-dashboard.txt`, {
      method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: 'dashboard',
    })
    expect(res.status).toBe(200)
    const dashboard = await events(`select metadata from storage_logs where metadata->>'bucket' = '${bucket}' and metadata->>'key' = 'from-dashboard.txt'`)
    expect(dashboard.map((e) => e.metadata)).toEqual([expect.objectContaining({ operation: 'upload', size: 9, status: 200, role: 'dashboard' })])
  })

  it('records statements without their literals, and a failing one with its SQLSTATE', async () => {
    const marker = unique('secret')
    expect(await c().sql(`select '${marker}' as word, 42 as answer`)).toEqual([{ word: marker, answer: 42 }])
    const ran = await events(`select event_message, metadata from postgres_logs where event_message = 'select ? as word, ? as answer'`)
    expect(ran).toHaveLength(1)
    expect(ran[0]!.metadata).toMatchObject({
      parsed: { error_severity: 'LOG', sql_state_code: '00000', query: 'select ? as word, ? as answer', command_tag: 'SELECT', user_name: 'postgres' },
      rows: 1,
    })
    expect(await events(`select 1 from postgres_logs where event_message like '%${marker}%' or metadata::text like '%${marker}%'`)).toEqual([])

    const missing = unique('no_such_table')
    await expect(c().sql(`select * from ${missing} where name = '${marker}'`)).rejects.toThrow(`relation "${missing}" does not exist`)
    const failed = await events(`select event_message, metadata from postgres_logs where metadata->'parsed'->>'query' = 'select * from ${missing} where name = ?'`)
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({
      event_message: `relation "${missing}" does not exist`,
      metadata: {
        parsed: { error_severity: 'ERROR', sql_state_code: '42P01', command_tag: 'SELECT', user_name: 'postgres' },
        rows: null, error_code: '42P01', error_message: `relation "${missing}" does not exist`,
      },
    })
  })
})
