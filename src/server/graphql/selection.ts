/**
 * Which fields a resolver's selection asks for (through fragments and inline fragments), so a statement
 * reads only the columns asked for: a column the caller may not read is read only when asked for.
 */
import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql'
import type { GqlEntity } from './model'

function collect(info: GraphQLResolveInfo, set: SelectionSetNode | undefined, out: FieldNode[]): void {
  for (const s of set?.selections ?? []) {
    if (s.kind === 'Field') out.push(s)
    else if (s.kind === 'InlineFragment') collect(info, s.selectionSet, out)
    else collect(info, info.fragments[s.name.value]?.selectionSet, out)
  }
}

/** The field names selected at `path` below the resolver's own field (e.g. ['edges', 'node']). */
export function selectedNames(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let nodes: readonly FieldNode[] = info.fieldNodes
  for (const step of path) {
    const next: FieldNode[] = []
    for (const n of nodes) collect(info, n.selectionSet, next)
    nodes = next.filter((n) => n.name.value === step)
  }
  const fields: FieldNode[] = []
  for (const n of nodes) collect(info, n.selectionSet, fields)
  return new Set(fields.map((f) => f.name.value))
}

/** The columns to read for these field names: the columns named, and the local columns of links named. */
export function neededColumns(e: GqlEntity, names: ReadonlySet<string>): string[] {
  const cols = e.columns.filter((c) => names.has(c.field)).map((c) => c.column.name)
  for (const l of e.links) if (names.has(l.field)) cols.push(...l.local)
  return cols
}
