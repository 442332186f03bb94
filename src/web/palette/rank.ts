/**
 * How well a command matches what was typed in the palette, for cmdk's `filter` (0 hides it). The
 * title counts most: the whole search in the title, then every word starting a title word, then every
 * word found in the title or keywords; a loose in-order letter match of the title comes last. cmdk's
 * default fuzzy score let a short command whose keywords happen to hold the letters outrank the
 * command whose title is exactly what was typed.
 */
const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)

function inOrder(needle: string, hay: string): boolean {
  let i = 0
  for (const c of hay) if (c === needle[i]) i++
  return i === needle.length
}

/** keywords[0] is the title (CommandList passes it first). */
export function rankCommand(search: string, keywords: readonly string[]): number {
  const query = search.trim().toLowerCase()
  if (!query) return 1
  const title = (keywords[0] ?? '').toLowerCase()
  if (title.startsWith(query)) return 1
  if (title.includes(query)) return 0.9
  const typed = words(query)
  const titleWords = words(title)
  if (typed.every((w) => titleWords.some((t) => t.startsWith(w)))) return 0.8
  const all = words(keywords.join(' '))
  if (typed.every((w) => all.some((t) => t.startsWith(w)))) return 0.5
  if (typed.every((w) => all.some((t) => t.includes(w)))) return 0.3
  return inOrder(query.replace(/\s+/g, ''), title.replace(/\s+/g, '')) ? 0.1 : 0
}
