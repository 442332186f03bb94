/**
 * The columns page's display order. Postgres cannot reorder a table's columns (attnum is fixed): this is
 * only the order this page lists them in, kept per table (schema.name) in this browser's localStorage.
 * Columns the saved order does not know (added since) follow in their table order.
 */
import { proxy } from 'valtio'
import { readJson, writeJson } from '../../app/local-storage'

const KEY = (ref: string) => `studio.${ref}.database.column-order`

type Orders = Record<string, string[]>

const isOrders = (v: unknown): Orders | undefined =>
  v && typeof v === 'object' && Object.values(v).every((o) => Array.isArray(o) && o.every((x) => typeof x === 'string')) ? (v as Orders) : undefined

export const columnOrder = proxy({ ref: '', orders: {} as Orders })

function load(ref: string): Orders {
  if (columnOrder.ref !== ref) {
    columnOrder.ref = ref
    columnOrder.orders = readJson(KEY(ref), isOrders) ?? {}
  }
  return columnOrder.orders
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`

/** The column names in display order. */
export function orderedNames(ref: string, table: string, names: readonly string[]): string[] {
  const saved = (load(ref)[table] ?? []).filter((n) => names.includes(n))
  return [...saved, ...names.filter((n) => !saved.includes(n))]
}

/** Whether the table has an order of its own here. */
export function hasCustomOrder(ref: string, table: string): boolean {
  return (load(ref)[table]?.length ?? 0) > 0
}

function save(ref: string, table: string, order: string[] | null): void {
  const orders = { ...load(ref) }
  if (order) orders[table] = order
  else delete orders[table]
  columnOrder.orders = orders
  writeJson(KEY(ref), orders)
}

/** Moves a column to `index` (clamped) in the display order; answers the new order. */
export function moveColumnTo(ref: string, table: string, names: readonly string[], column: string, index: number): string[] {
  const order = orderedNames(ref, table, names).filter((n) => n !== column)
  const at = Math.max(0, Math.min(order.length, index))
  order.splice(at, 0, column)
  const natural = order.every((n, i) => n === names[i])
  save(ref, table, natural ? null : order)
  return order
}

export function resetColumnOrder(ref: string, table: string): void {
  save(ref, table, null)
}

/** A column renamed keeps its place in the display order. */
export function renameOrderedColumn(ref: string, table: string, from: string, to: string): void {
  const saved = load(ref)[table]
  if (!saved?.includes(from)) return
  save(ref, table, saved.map((n) => (n === from ? to : n)))
}
