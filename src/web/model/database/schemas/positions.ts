/**
 * Where a person dragged the visualizer's tables, per project and schema, in localStorage (a memory map
 * where there is none, as in headless tests). Reset layout forgets them.
 */
import type { Position } from './graph-layout'

const PREFIX = 'studio.schema-visualizer.positions'
const memory = new Map<string, string>()

const storage = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> =>
  typeof localStorage === 'undefined'
    ? { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) }
    : localStorage

export const positionsKey = (ref: string, schema: string) => `${PREFIX}:${ref}:${schema}`

export function loadPositions(ref: string, schema: string): Record<string, Position> {
  try {
    const raw = storage().getItem(positionsKey(ref, schema))
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (!parsed || typeof parsed !== 'object') return {}
    const out: Record<string, Position> = {}
    for (const [id, p] of Object.entries(parsed as Record<string, unknown>)) {
      const { x, y } = (p ?? {}) as Partial<Position>
      if (Number.isFinite(x) && Number.isFinite(y)) out[id] = { x: x!, y: y! }
    }
    return out
  } catch {
    return {}
  }
}

/** Remembers the positions of the nodes a person moved (merged with those moved before). */
export function savePositions(ref: string, schema: string, moved: Record<string, Position>): void {
  const all = { ...loadPositions(ref, schema), ...moved }
  try {
    storage().setItem(positionsKey(ref, schema), JSON.stringify(all))
  } catch {
    // a full or refused storage only loses the positions
  }
}

/** Forgets them; answers how many there were. */
export function clearPositions(ref: string, schema: string): number {
  const count = Object.keys(loadPositions(ref, schema)).length
  storage().removeItem(positionsKey(ref, schema))
  return count
}
