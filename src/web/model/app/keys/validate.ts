/**
 * What makes a keymap broken: a binding for a command that does not exist, two commands on one
 * binding, or a binding that is the start of another (with 'g' and 'g t', 'g' fires before 't' comes).
 */
import { normalizeBinding, parseBinding } from './binding'

export function keymapProblems(keymap: Record<string, string>, commandIds: ReadonlySet<string>): string[] {
  const problems: string[] = []
  const seen = new Map<string, string>()
  const parsed: { id: string; keys: string; presses: string[] }[] = []

  for (const [id, keys] of Object.entries(keymap)) {
    if (!commandIds.has(id)) problems.push(`"${keys}" is bound to ${id}, which is not a command`)
    const presses = parseBinding(keys)
    if (!presses) {
      problems.push(`"${keys}" (${id}) is not a valid key binding`)
      continue
    }
    const norm = normalizeBinding(presses)
    const other = seen.get(norm)
    if (other) problems.push(`"${keys}" is bound to both ${other} and ${id}`)
    else seen.set(norm, id)
    parsed.push({ id, keys, presses: norm.split(' ') })
  }

  for (const a of parsed) {
    for (const b of parsed) {
      const isPrefix = a.presses.length < b.presses.length && a.presses.every((p, i) => p === b.presses[i])
      if (isPrefix) problems.push(`"${a.keys}" (${a.id}) is also the start of "${b.keys}" (${b.id})`)
    }
  }
  return problems
}
