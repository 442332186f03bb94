import { describe, expect, it } from 'vitest'
import { ROUTES, matchPath, pathTo, paths, relativePath, type RouteId } from '../../src/shared/routes'

const SAMPLE: Record<string, string> = { ref: 'default', tableId: '42', id: '6f1c1f9e-6c55-4f0e-9a57-3a4f0f8f2a10', bucketId: 'my bucket' }

describe('the route table', () => {
  it('matches the path of every route back to that route, with its params', () => {
    for (const id of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      const path = pathTo(id, SAMPLE as never)
      const match = matchPath(path)
      expect({ id, path, match: match.id }).toEqual({ id, path, match: id })
      for (const name of ROUTES[id].path.match(/\$(\w+)/g) ?? []) expect(match.params[name.slice(1)]).toBe(SAMPLE[name.slice(1)])
      expect(matchPath(`${path}/`).id).toBe(id)
    }
  })

  it('prefers static segments to params, and checks a param’s shape', () => {
    expect(matchPath('/project/default/sql/new').id).toBe('sql-editor.new')
    expect(matchPath('/project/default/sql/templates').id).toBe('sql-editor.templates')
    expect(matchPath('/project/default/sql/abc').id).toBe('sql-editor.snippet')
    expect(matchPath('/project/default/editor/abc').id).toBe<RouteId>('not-found')
    expect(matchPath('/project/default/storage/buckets').id).toBe('storage.buckets')
    expect(matchPath('/nowhere').id).toBe('not-found')
  })

  it('knows parents: a page matches the areas above it', () => {
    const table = matchPath('/project/default/editor/7')
    expect(table.matches('table-editor')).toBe(true)
    expect(table.matches('project')).toBe(false)
    expect(matchPath('/project/default/storage/buckets/b').matches('storage')).toBe(true)
  })

  it('builds the same paths as before, encoded, with their query strings', () => {
    expect(paths.storageBucket('default', 'a b/c')).toBe('/project/default/storage/buckets/a%20b%2Fc')
    expect(paths.authPolicies('default', { schema: 'public', search: 12 })).toBe('/project/default/auth/policies?schema=public&search=12')
    expect(paths.authPolicies('default', { search: '' })).toBe('/project/default/auth/policies')
    expect(paths.signIn({ returnTo: '/' })).toBe('/sign-in')
    expect(paths.signIn({ returnTo: '/project/default/sql/new', link: 'invalid' })).toBe('/sign-in?returnTo=%2Fproject%2Fdefault%2Fsql%2Fnew&link=invalid')
    expect(relativePath('storage.bucket', 'storage')).toBe('buckets/$bucketId')
    expect(() => relativePath('sign-in', 'project')).toThrow()
  })
})
