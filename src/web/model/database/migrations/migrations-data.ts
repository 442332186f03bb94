/**
 * The Migrations page's data, shared by the page and the commands: the history query (newest first), a
 * migration's SQL as one text, its version as a date when it is the CLI's 14-digit timestamp, and the
 * migration before it (what the diff compares with).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { endpoints as e } from '../../../../shared/contract'
import type { Migration, MigrationsResponse } from '../../../../shared/contract/pg-meta-migrations'
import type { Api } from '../../../data/api'
import { keys } from '../../project/keys'

export type { Migration, MigrationsResponse }

export const migrationsKey = (ref: string) => keys.database(ref, 'migrations')

export function migrationsQuery(api: Api, ref: string) {
  return queryOptions({ queryKey: migrationsKey(ref), queryFn: () => api.call(e.migrations, { params: { ref } }) })
}

export function refreshMigrations(queryClient: QueryClient, ref: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: migrationsKey(ref), refetchType: 'all' })
}

/** The statements as one script: each ends with a semicolon, a blank line between them. */
export function migrationSql(m: Pick<Migration, 'statements'>): string {
  return m.statements
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.endsWith(';') ? s : `${s};`))
    .join('\n\n')
}

const TIMESTAMP = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/

/** 20240102030405 → '2024-01-02 03:04:05' (UTC, as the CLI names them); any other version as it is. */
export function formatVersion(version: string): string {
  const m = TIMESTAMP.exec(version)
  if (!m) return version
  const [, y, mo, d, h, mi, s] = m
  const date = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!))
  if (date.getUTCMonth() !== +mo! - 1 || date.getUTCDate() !== +d! || +h! > 23 || +mi! > 59 || +s! > 59) return version
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`
}

/** The migration applied just before `version` (the next one in the newest-first list), if any. */
export function previousMigration(list: readonly Migration[], version: string): Migration | undefined {
  const i = list.findIndex((m) => m.version === version)
  return i < 0 ? undefined : list[i + 1]
}

/** The migration of `version`, else the newest. */
export function selectedMigration(list: readonly Migration[], version: string | null): Migration | undefined {
  return list.find((m) => m.version === version) ?? list[0]
}

/** One line of a diff: kept, added (only in the newer text) or removed (only in the older). */
export interface DiffLine {
  kind: 'same' | 'add' | 'remove'
  text: string
}

/** Past this many line pairs the middle is shown as removed-then-added rather than aligned (time and memory stay small). */
const MAX_LCS_CELLS = 4_000_000

/**
 * A line diff of `before` → `after` (longest common subsequence over the lines that differ once the common
 * start and end are set aside).
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before === '' ? [] : before.split('\n')
  const b = after === '' ? [] : after.split('\n')
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const head: DiffLine[] = a.slice(0, start).map((text) => ({ kind: 'same', text }))
  const tail: DiffLine[] = a.slice(endA).map((text) => ({ kind: 'same', text }))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  return [...head, ...middleDiff(midA, midB), ...tail]
}

function middleDiff(a: string[], b: string[]): DiffLine[] {
  const n = a.length
  const m = b.length
  if (n === 0 || m === 0 || n * m > MAX_LCS_CELLS) {
    return [...a.map((text) => ({ kind: 'remove' as const, text })), ...b.map((text) => ({ kind: 'add' as const, text }))]
  }
  // lengths of the longest common subsequence of a[i..] and b[j..]
  const w = m + 1
  const lcs = new Uint32Array((n + 1) * w)
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!)
    }
  }
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i]! })
      i++
      j++
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) {
      out.push({ kind: 'remove', text: a[i++]! })
    } else {
      out.push({ kind: 'add', text: b[j++]! })
    }
  }
  while (i < n) out.push({ kind: 'remove', text: a[i++]! })
  while (j < m) out.push({ kind: 'add', text: b[j++]! })
  return out
}

/** How many lines a diff adds and removes. */
export function diffStats(diff: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0
  let removed = 0
  for (const l of diff) {
    if (l.kind === 'add') added++
    else if (l.kind === 'remove') removed++
  }
  return { added, removed }
}
