/** The policies page's search (spec 2): a table id shows that table; text matches table and policy names. */
import type { Table } from '../../../../shared/api'
import type { Policy } from '../../../../shared/policies'

interface TablePolicies {
  table: Table
  policies: Policy[]
}

export function filterTables(tables: readonly Table[], policies: readonly Policy[], search: string | undefined): TablePolicies[] {
  const byTable = new Map<number, Policy[]>()
  for (const p of policies) byTable.set(p.table_id, [...(byTable.get(p.table_id) ?? []), p])
  const all = tables.map((table) => ({ table, policies: byTable.get(table.id) ?? [] }))
  const text = search?.trim().toLowerCase() ?? ''
  if (!text) return all
  if (/^\d+$/.test(text)) {
    const one = all.filter((t) => t.table.id === Number(text))
    if (one.length) return one
  }
  return all.flatMap((t) => {
    if (t.table.name.toLowerCase().includes(text)) return [t]
    const matching = t.policies.filter((p) => p.name.toLowerCase().includes(text))
    return matching.length ? [{ table: t.table, policies: matching }] : []
  })
}
