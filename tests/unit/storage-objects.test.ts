/** The pure rules of the explorer's object actions: duplicate names, chunks, the move destination, expiry, the pool. */
import { describe, expect, it } from 'vitest'
import { MSG } from '../../src/shared/messages'
import {
  baseName, chunk, expiryDate, expirySeconds, normalizeDestination, parentOf, runPool, uniqueName, uploadKeys,
} from '../../src/web/model/storage/explorer/actions/object-paths'

describe('uniqueName', () => {
  it('keeps a free name', () => {
    expect(uniqueName('a.txt', new Set(['b.txt']))).toBe('a.txt')
  })
  it('suffixes a taken name before its extension, counting up', () => {
    expect(uniqueName('a.txt', new Set(['a.txt']))).toBe('a (1).txt')
    expect(uniqueName('a.txt', new Set(['a.txt', 'a (1).txt']))).toBe('a (2).txt')
    expect(uniqueName('photo.final.jpg', new Set(['photo.final.jpg']))).toBe('photo.final (1).jpg')
  })
  it('suffixes at the end without an extension, and for dot files', () => {
    expect(uniqueName('README', new Set(['README']))).toBe('README (1)')
    expect(uniqueName('.env', new Set(['.env']))).toBe('.env (1)')
  })
})

describe('uploadKeys', () => {
  const existing = (names: Record<string, string[]>) => (dir: string) => new Set(names[dir] ?? [])
  it('keeps relative paths under the folder and suffixes names taken in each file\'s own folder', () => {
    const keys = uploadKeys('docs', ['a.txt', 'sub/a.txt', 'sub/b.txt'], existing({ docs: ['a.txt'], 'docs/sub': ['b.txt'] }))
    expect(keys).toEqual(['docs/a (1).txt', 'docs/sub/a.txt', 'docs/sub/b (1).txt'])
  })
  it('suffixes names repeated within one upload', () => {
    expect(uploadKeys('', ['x.md', 'x.md', 'x.md'], existing({}))).toEqual(['x.md', 'x (1).md', 'x (2).md'])
  })
})

describe('paths', () => {
  it('splits keys', () => {
    expect(parentOf('a/b/c.txt')).toBe('a/b')
    expect(parentOf('c.txt')).toBe('')
    expect(baseName('a/b/c.txt')).toBe('c.txt')
  })
  it('normalizes the move destination: leading slash stripped, blank is the bucket root', () => {
    expect(normalizeDestination('/archive/2024')).toBe('archive/2024')
    expect(normalizeDestination('  //archive/ ')).toBe('archive')
    expect(normalizeDestination('')).toBe('')
    expect(normalizeDestination(' / ')).toBe('')
  })
})

describe('chunk', () => {
  it('cuts in pieces of the size, the last one shorter', () => {
    expect(chunk(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    expect(chunk([], 2)).toEqual([])
  })
})

describe('signed URL expiry', () => {
  it('multiplies the custom amount by its unit', () => {
    expect(expirySeconds('3', 'days')).toEqual({ seconds: 259_200 })
    expect(expirySeconds(2, 'weeks')).toEqual({ seconds: 1_209_600 })
    expect(expirySeconds('1', 'months')).toEqual({ seconds: 2_592_000 })
    expect(expirySeconds('1', 'years')).toEqual({ seconds: 31_536_000 })
  })
  it('refuses 0, negatives and blanks with the spec message', () => {
    for (const v of ['0', '-1', '', 'abc']) expect(expirySeconds(v, 'days')).toEqual({ error: MSG.expiryTooSmall })
  })
  it('dates the expiry from now', () => {
    const now = Date.UTC(2024, 0, 1)
    expect(expiryDate(604_800, now).toISOString()).toBe('2024-01-08T00:00:00.000Z')
  })
})

describe('runPool', () => {
  it('runs at most n at a time and answers every outcome in order', async () => {
    let running = 0
    let most = 0
    const results = await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++
      most = Math.max(most, running)
      await new Promise((r) => setTimeout(r, 5))
      running--
      if (n === 4) throw new Error('four')
      return n * 10
    })
    expect(most).toBe(3)
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 20, 30, 'four', 50, 60, 70])
  })
})
