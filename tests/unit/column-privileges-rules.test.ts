/**
 * The Column privileges page's pure rules: what a cell shows over staged changes, and the batch derived
 * from them, knowing a table-level REVOKE drops the column grants (so the columns still wanted are granted
 * again), and the SQL it becomes, quoted.
 */
import { describe, expect, it } from 'vitest'
import { columnPrivilegeStatements, type ColumnPrivilegesTable } from '../../src/shared/contract/column-privileges'
import { cellView, changesOf, columnChangeRefusal, stageColumn, stageSwitch, stageTable, type Staged } from '../../src/web/model/auth/column-privileges-rules'

const none = () => ({ anon: [], authenticated: [] })
function table(): ColumnPrivilegesTable {
  return {
    table: { id: 1, schema: 'public', name: 'notes "x"', type: 'table', protected: false },
    table_grants: { anon: ['SELECT'], authenticated: [] },
    columns: [
      { name: 'id', position: 1, type: 'integer', grants: none(), effective: { anon: ['SELECT'], authenticated: [] } },
      { name: 'body', position: 2, type: 'text', grants: { anon: [], authenticated: ['UPDATE'] }, effective: { anon: ['SELECT'], authenticated: ['UPDATE', 'SELECT'] } },
    ],
    missing_roles: [],
  }
}
const fresh = (): Staged => ({ table: {}, columns: {} })

describe('column privileges rules', () => {
  it('shows table-level grants as locked cells, and what is granted through PUBLIC as inherited', () => {
    const t = table()
    const s = fresh()
    expect(cellView(t, s, 'anon', 'SELECT', 'id')).toEqual({ state: 'table', staged: false, inherited: false })
    expect(cellView(t, s, 'authenticated', 'UPDATE', 'body')).toEqual({ state: 'column', staged: false, inherited: false })
    expect(cellView(t, s, 'authenticated', 'SELECT', 'body')).toEqual({ state: 'none', staged: false, inherited: true })
    expect(columnChangeRefusal(t, s, 'anon', 'SELECT')).toMatch(/anon has SELECT on the whole table/)
    expect(changesOf(t, s)).toEqual([])
  })

  it('switches to column-level: revoke on the table, grant on the chosen columns', () => {
    const t = table()
    const s = fresh()
    stageSwitch(t, s, 'anon', 'SELECT', ['id', 'body'])
    stageColumn(t, s, 'anon', 'SELECT', 'body', false)
    expect(cellView(t, s, 'anon', 'SELECT', 'id')).toEqual({ state: 'column', staged: true, inherited: false })
    expect(cellView(t, s, 'anon', 'SELECT', 'body')).toEqual({ state: 'none', staged: true, inherited: false })
    const changes = changesOf(t, s)
    expect(changes).toEqual([
      { action: 'revoke', role: 'anon', privilege: 'SELECT', column: null },
      { action: 'grant', role: 'anon', privilege: 'SELECT', column: 'id' },
    ])
    expect(columnPrivilegeStatements(t.table, [...changes].reverse())).toEqual([
      'revoke SELECT on table "public"."notes ""x""" from "anon";',
      'grant SELECT ("id") on table "public"."notes ""x""" to "anon";',
    ])
  })

  it('grants again the column grants a table-level revoke drops, and forgets a change undone', () => {
    const t = table()
    t.table_grants.authenticated = ['UPDATE']
    const s = fresh()
    stageTable(t, s, 'authenticated', 'UPDATE', false)
    expect(changesOf(t, s)).toEqual([
      { action: 'revoke', role: 'authenticated', privilege: 'UPDATE', column: null },
      { action: 'grant', role: 'authenticated', privilege: 'UPDATE', column: 'body' },
    ])
    stageTable(t, s, 'authenticated', 'UPDATE', true)
    expect(s).toEqual(fresh())
    stageColumn(t, s, 'anon', 'INSERT', 'id', true)
    stageColumn(t, s, 'anon', 'INSERT', 'body', true)
    expect(columnPrivilegeStatements(t.table, changesOf(t, s))).toEqual(['grant INSERT ("id", "body") on table "public"."notes ""x""" to "anon";'])
    stageColumn(t, s, 'anon', 'INSERT', 'id', false)
    stageColumn(t, s, 'anon', 'INSERT', 'body', false)
    expect(changesOf(t, s)).toEqual([])
  })
})
