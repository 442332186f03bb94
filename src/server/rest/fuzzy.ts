/**
 * "Perhaps you meant …" hints, as PostgREST gives them for an unknown table or relationship: the closest
 * known name by edit distance, when it is close enough to be a likely typo.
 */

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length]!
}

/** The candidate closest to `name` (case-insensitively), or undefined when none is within a third of its length. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > 256) return undefined
  const wanted = name.toLowerCase()
  let best: string | undefined
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1
  for (const c of candidates) {
    if (c === name || Math.abs(c.length - name.length) >= bestDistance) continue
    const d = distance(wanted, c.toLowerCase())
    if (d < bestDistance) {
      best = c
      bestDistance = d
    }
  }
  return best
}
