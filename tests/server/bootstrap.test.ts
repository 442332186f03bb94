/**
 * A project database prepared the way a hosted project is: roles, auth helpers, storage schema and
 * grants, and preparing it again keeps every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrap } from '../../src/server/db/bootstrap'
import { openTestDrivers, type TestDrivers } from './support/drivers'
import { unique } from './support/http'

let opened: TestDrivers
beforeAll(async () => {
  opened = await openTestDrivers()
  for (const db of opened.all) await bootstrap(db)
})
afterAll(() => opened.close())

describe('bootstrap', () => {
  it('creates the API roles: nologin, service_role bypassing RLS, authenticator granted all three', async () => {
    for (const db of opened.all) {
      const { rows } = await db.query(`
        select rolname, rolcanlogin, rolbypassrls, rolinherit,
          pg_has_role('authenticator', oid, 'member') as in_authenticator
        from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator') order by rolname`)
      expect(rows).toEqual([
        { rolname: 'anon', rolcanlogin: false, rolbypassrls: false, rolinherit: false, in_authenticator: true },
        { rolname: 'authenticated', rolcanlogin: false, rolbypassrls: false, rolinherit: false, in_authenticator: true },
        { rolname: 'authenticator', rolcanlogin: false, rolbypassrls: false, rolinherit: false, in_authenticator: true },
        { rolname: 'service_role', rolcanlogin: false, rolbypassrls: true, rolinherit: false, in_authenticator: true },
      ])
    }
  })

  it('creates the storage tables with RLS on, and the path helpers', async () => {
    for (const db of opened.all) {
      const { rows } = await db.query(`
        select c.relname, c.relrowsecurity,
          array(select attname::text from pg_attribute where attrelid = c.oid and attnum > 0 and not attisdropped order by attnum) as columns
        from pg_class c where c.relnamespace = 'storage'::regnamespace and c.relkind = 'r' order by c.relname`)
      expect(rows).toEqual([
        {
          relname: 'buckets', relrowsecurity: true,
          columns: ['id', 'name', 'owner', 'public', 'file_size_limit', 'allowed_mime_types', 'created_at', 'updated_at'],
        },
        {
          relname: 'objects', relrowsecurity: true,
          columns: ['id', 'bucket_id', 'name', 'owner', 'metadata', 'path_tokens', 'created_at', 'updated_at',
            'last_accessed_at', 'version', 'user_metadata'],
        },
      ])
      const helpers = await db.query(`select storage.foldername('a/b/c.tar.gz') as folders,
        storage.filename('a/b/c.tar.gz') as file, storage.extension('a/b/c.tar.gz') as ext`)
      expect(helpers.rows).toEqual([{ folders: ['a', 'b'], file: 'c.tar.gz', ext: 'gz' }])
    }
  })

  it('lets the API roles use the schemas, and grants them new public tables', async () => {
    for (const db of opened.all) {
      const table = unique('granted')
      await db.exec(`create table public.${table} (id int)`)
      const { rows } = await db.query(`
        select r as role,
          has_schema_privilege(r, 'public', 'usage') and has_schema_privilege(r, 'storage', 'usage')
            and has_schema_privilege(r, 'auth', 'usage') as schemas,
          has_table_privilege(r, 'public.${table}', 'select, insert, update, delete') as table
        from unnest(array['anon', 'authenticated', 'service_role']) r`)
      expect(rows).toEqual(['anon', 'authenticated', 'service_role'].map((role) => ({ role, schemas: true, table: true })))
      await db.exec(`drop table public.${table}`)
    }
  })

  it('reads the impersonated request claims in auth.uid(), auth.role() and auth.jwt()', async () => {
    const sub = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'
    for (const db of opened.all) {
      const rows = await db.withRole({ role: 'authenticated', claims: { sub, email: 'a@b.c' } }, async (tx) =>
        (await tx.query(`select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email, current_user as "user"`)).rows,
      )
      expect(rows).toEqual([{ uid: sub, role: 'authenticated', email: 'a@b.c', user: 'authenticated' }])
      const after = await db.query(`select current_user as "user", auth.uid() as uid`)
      expect(after.rows).toEqual([{ user: 'postgres', uid: null }])
    }
  })

  it('keeps every row when run again', async () => {
    for (const db of opened.all) {
      const bucket = unique('bucket')
      await db.query(`insert into storage.buckets (id, name) values ($1, $1)`, [bucket])
      await db.query(`insert into storage.objects (bucket_id, name) values ($1, 'folder/file.txt')`, [bucket])
      await bootstrap(db)
      const { rows } = await db.query(
        `select b.name, o.path_tokens from storage.buckets b join storage.objects o on o.bucket_id = b.id where b.id = $1`,
        [bucket],
      )
      expect(rows).toEqual([{ name: bucket, path_tokens: ['folder', 'file.txt'] }])
      await db.query(`delete from storage.objects where bucket_id = $1`, [bucket])
      await db.query(`delete from storage.buckets where id = $1`, [bucket])
    }
  })
})
