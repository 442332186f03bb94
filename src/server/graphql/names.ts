/**
 * pg_graphql's names: a table's type is its name as it is, unless the schema's comment turns inflection on
 * (`@graphql({"inflect_names": true})`): then `blog_post` is `BlogPost` and its column `created_at` is
 * `createdAt`. Comment directives (`@graphql({...})`) are read from schema and table comments.
 */

/** A GraphQL name: letters, digits and underscores, not starting with a digit, never `__…` (reserved). */
export const isGraphqlName = (name: string) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(name) && !name.startsWith('__')

/** The JSON object of a comment's `@graphql(...)` directive, or {} when there is none (or it is not JSON). */
export function directive(comment: string | null | undefined): Record<string, unknown> {
  const m = /@graphql\((\{[\s\S]*\})\)/.exec(comment ?? '')
  if (!m) return {}
  try {
    const value: unknown = JSON.parse(m[1]!)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const words = (name: string) => name.split('_').filter((w) => w.length > 0)
const upperFirst = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s)
export const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s)

/** snake_case → PascalCase (`blog_post` → `BlogPost`), as pg_graphql's inflection does for types. */
export const pascal = (name: string) => words(name).map(upperFirst).join('') || name
/** snake_case → camelCase (`created_at` → `createdAt`), for fields. */
export const camel = (name: string) => lowerFirst(pascal(name))

export interface Inflection {
  inflect: boolean
  type(sqlName: string): string
  field(sqlName: string): string
}

export function inflection(inflect: boolean): Inflection {
  return {
    inflect,
    type: (n) => (inflect ? pascal(n) : n),
    field: (n) => (inflect ? camel(n) : n),
  }
}

/**
 * The to-one field's name for a foreign key: its one column without `_id` (or `Id`), else the referenced
 * type's name with a lower-case first letter.
 */
export function toOneName(columns: readonly string[], refType: string, inf: Inflection): string {
  if (columns.length === 1) {
    const col = columns[0]!
    const base = /_id$/.test(col) ? col.slice(0, -3) : /[a-z0-9]Id$/.test(col) ? col.slice(0, -2) : null
    if (base) return inf.field(base)
  }
  return lowerFirst(refType)
}
