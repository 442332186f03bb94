/**
 * The pure rules of the explorer's object actions: duplicate names on upload, delete chunks, the move
 * destination, signed URL expiry, and a small worker pool ("n at a time").
 */
import { SIGNED_URL_UNITS } from '../../../../../shared/constants'
import { MSG } from '../../../../../shared/messages'

/** 'a/b/c.txt' → 'a/b'; 'c.txt' → ''. */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/')
  return i < 0 ? '' : path.slice(0, i)
}

/** 'a/b/c.txt' → 'c.txt'. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** 'a' + 'b/c' → 'a/b/c'; '' + 'b' → 'b'. */
export function joinKey(folder: string, name: string): string {
  return folder ? `${folder}/${name}` : name
}

/**
 * The name a new file gets when `taken` already holds its name (spec 5): 'a.txt' → 'a (1).txt', then
 * 'a (2).txt'…; a name without an extension (or a dot file) gets the suffix at the end.
 */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  const dot = name.lastIndexOf('.')
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let i = 1; ; i++) {
    const candidate = `${stem} (${i})${ext}`
    if (!taken.has(candidate)) return candidate
  }
}

/**
 * The keys the files get in `folder`: relative paths kept, each file's name suffixed when its folder
 * already holds it (`existing(dir)`: the names in that folder) or an earlier file of the batch took it.
 */
export function uploadKeys(folder: string, names: readonly string[], existing: (dir: string) => ReadonlySet<string>): string[] {
  const taken = new Map<string, Set<string>>()
  return names.map((relative) => {
    const key = joinKey(folder, relative.replace(/^\/+/, ''))
    const dir = parentOf(key)
    let names = taken.get(dir)
    if (!names) taken.set(dir, (names = new Set(existing(dir))))
    const name = uniqueName(baseName(key), names)
    names.add(name)
    return joinKey(dir, name)
  })
}

/** [1,2,3,4,5] by 2 → [[1,2],[3,4],[5]]. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** The move destination (spec 5): trimmed, leading and trailing slashes stripped; '' is the bucket root. */
export function normalizeDestination(input: string): string {
  return input.trim().replace(/^\/+/, '').replace(/\/+$/, '')
}

export type ExpiryUnit = keyof typeof SIGNED_URL_UNITS

/** A custom expiry (spec 5 Signed URL) in seconds, or the reason it is refused. */
export function expirySeconds(value: string | number, unit: ExpiryUnit): { seconds: number } | { error: string } {
  const n = typeof value === 'number' ? value : Number(String(value).trim())
  if (String(value).trim() === '' || !Number.isFinite(n) || n <= 0) return { error: MSG.expiryTooSmall }
  return { seconds: Math.round(n * SIGNED_URL_UNITS[unit]) }
}

/** When a URL signed now for `seconds` stops working. */
export function expiryDate(seconds: number, now = Date.now()): Date {
  return new Date(now + seconds * 1000)
}

/**
 * Runs `work` over `items`, at most `limit` at a time, in order of start; answers each item's outcome
 * (value or error) in the items' order. Never rejects.
 */
export async function runPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  async function worker(): Promise<void> {
    while (next < items.length) {
      const i = next++
      try {
        results[i] = { status: 'fulfilled', value: await work(items[i]!, i) }
      } catch (reason) {
        results[i] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
