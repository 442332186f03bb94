/** The palette's ranking: a title that says what was typed comes before loose matches. */
import { describe, expect, it } from 'vitest'
import { rankCommand } from '../../src/web/palette/rank'

const deleteRole = ['Delete role', 'Roles', 'drop']
const goToRoles = ['Go to Database Roles', 'Navigation', 'roles', 'users', 'database', 'login', 'grants']

describe('rankCommand', () => {
  it('puts the command whose title is what was typed above one that merely holds the letters', () => {
    expect(rankCommand('Delete role', deleteRole)).toBeGreaterThan(rankCommand('Delete role', goToRoles))
    expect(rankCommand('del role', deleteRole)).toBeGreaterThan(rankCommand('del role', goToRoles))
  })
  it('ranks a title prefix, a substring, word starts, keywords and loose letters in that order', () => {
    const scores = [
      rankCommand('delete', deleteRole),
      rankCommand('role', deleteRole),
      rankCommand('de ro', deleteRole),
      rankCommand('drop', deleteRole),
      rankCommand('dlrl', deleteRole),
    ]
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(new Set(scores).size).toBe(scores.length)
    expect(scores.at(-1)).toBeGreaterThan(0)
  })
  it('hides what does not match at all and shows everything for an empty search', () => {
    expect(rankCommand('xyz', deleteRole)).toBe(0)
    expect(rankCommand('  ', deleteRole)).toBe(1)
  })
})
