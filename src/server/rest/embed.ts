/**
 * Relationships between the relations of one schema, as PostgREST 12 finds them for embedding: many-to-one
 * and one-to-many through a foreign key (one-to-one when its columns are unique on the referencing side),
 * many-to-many through a junction table (FKs to both sides whose columns are all in its primary key).
 * `resolveEmbed` picks the one a select item names, or answers PGRST200 (none) / PGRST201 (ambiguous).
 */
import { RestError } from './errors'
import { closest } from './fuzzy'
import { uniqueKeysOf } from './catalog-load'
import { cacheKey, type CachedForeignKey, type CachedRelation, type SchemaCache } from './schema-cache'

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

export interface Junction {
  relation: CachedRelation
  /** FK of the junction to the source, and its [junction column, source column] pairs */
  sourceFk: CachedForeignKey
  sourcePairs: [string, string][]
  /** FK of the junction to the target, and its [junction column, target column] pairs */
  targetFk: CachedForeignKey
  targetPairs: [string, string][]
}

export interface Relationship {
  cardinality: Cardinality
  source: CachedRelation
  target: CachedRelation
  /** the FK constraint (direct relationships) */
  constraint: string
  /** direct relationships: [source column, target column] pairs joining them */
  pairs: [string, string][]
  junction?: Junction
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x))
const subset = (a: readonly string[], b: readonly string[]) => a.every((x) => b.includes(x))
const zip = (a: readonly string[], b: readonly string[]): [string, string][] => a.map((x, i) => [x, b[i] ?? ''])

/** relationshipsOf, per cache (a cache is never changed: a reload makes a new one) */
const known = new WeakMap<SchemaCache, Map<CachedRelation, Relationship[]>>()

/** Every relationship from `source` to relations of its own schema. */
export function relationshipsOf(cache: SchemaCache, source: CachedRelation): Relationship[] {
  let byCache = known.get(cache)
  if (!byCache) known.set(cache, (byCache = new Map()))
  let found = byCache.get(source)
  if (!found) byCache.set(source, (found = findRelationships(cache, source)))
  return found
}

function findRelationships(cache: SchemaCache, source: CachedRelation): Relationship[] {
  const rel = (schema: string, name: string) => cache.relations.get(cacheKey(schema, name))
  const isUnique = (r: CachedRelation, cols: string[]) => uniqueKeysOf(cache, r).some((k) => sameSet(k, cols))
  const out: Relationship[] = []
  const schema = source.schema
  for (const fk of cache.foreignKeys) {
    if (fk.schema !== schema || fk.refSchema !== schema) continue
    // many-to-one (or one-to-one) from the referencing side
    if (fk.table === source.name) {
      const target = rel(fk.refSchema, fk.refTable)
      if (target) {
        out.push({ cardinality: isUnique(source, fk.columns) ? 'one-to-one' : 'many-to-one', source, target, constraint: fk.name, pairs: zip(fk.columns, fk.refColumns) })
      }
    }
    // one-to-many (or one-to-one) from the referenced side
    if (fk.refTable === source.name) {
      const target = rel(fk.schema, fk.table)
      if (target) {
        out.push({ cardinality: isUnique(target, fk.columns) ? 'one-to-one' : 'one-to-many', source, target, constraint: fk.name, pairs: zip(fk.refColumns, fk.columns) })
      }
    }
  }
  // many-to-many: a junction with FKs to source and to a target, both within its primary key
  const bySource = cache.foreignKeys.filter((fk) => fk.schema === schema && fk.refSchema === schema && fk.refTable === source.name)
  for (const toSource of bySource) {
    const junction = rel(toSource.schema, toSource.table)
    if (!junction || !subset(toSource.columns, junction.primaryKey)) continue
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toSource || toTarget.schema !== schema || toTarget.table !== junction.name || toTarget.refSchema !== schema) continue
      if (toTarget.name === toSource.name && sameSet(toTarget.columns, toSource.columns)) continue
      if (!subset(toTarget.columns, junction.primaryKey)) continue
      const target = rel(toTarget.refSchema, toTarget.refTable)
      if (!target) continue
      out.push({
        cardinality: 'many-to-many', source, target, constraint: toTarget.name, pairs: [],
        junction: { relation: junction, sourceFk: toSource, sourcePairs: zip(toSource.columns, toSource.refColumns), targetFk: toTarget, targetPairs: zip(toTarget.columns, toTarget.refColumns) },
      })
    }
  }
  return out
}

/** Whether an embedded resource is a JSON object (to-one) or an array (to-many). */
export const isToOne = (r: Relationship) => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one'

const fmt = (cols: readonly string[]) => `(${cols.join(', ')})`

function describe(r: Relationship): Record<string, string> {
  const embedding = `${r.source.name} with ${r.target.name}`
  if (r.junction) {
    const j = r.junction
    return {
      cardinality: 'many-to-many', embedding,
      relationship: `${j.relation.name} using ${j.sourceFk.name}${fmt(j.sourcePairs.map((p) => p[0]))} and ${j.targetFk.name}${fmt(j.targetPairs.map((p) => p[0]))}`,
    }
  }
  return {
    cardinality: r.cardinality, embedding,
    relationship: `${r.constraint} using ${r.source.name}${fmt(r.pairs.map((p) => p[0]))} and ${r.target.name}${fmt(r.pairs.map((p) => p[1]))}`,
  }
}

/** PGRST201 (300): its details are a list of the candidate relationships. */
export class AmbiguousEmbed extends RestError {
  constructor(source: string, target: string, readonly candidates: Record<string, string>[], hint: string) {
    super(300, 'PGRST201', `Could not embed because more than one relationship was found for '${source}' and '${target}'`, null, hint)
  }

  override toJSON() {
    return { code: this.code, details: this.candidates as unknown as string, hint: this.hint, message: this.message }
  }
}

/** PGRST200: no relationship between the two (with the closest related table as a hint). */
export function noRelationship(source: CachedRelation, target: string, hint?: string, related: Relationship[] = []): RestError {
  const near = hint === undefined ? closest(target, related.map((r) => r.target.name)) : undefined
  return new RestError(
    400, 'PGRST200', `Could not find a relationship between '${source.name}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${source.name}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${source.schema}', but no matches were found.`,
    near === undefined ? null : `Perhaps you meant '${near}' instead of '${target}'.`,
  )
}

/**
 * The relationship `target(…)` / `target!hint(…)` names from `source`: target is a relation's name, an FK
 * constraint's name, or (to-one) the FK's single column; the hint is a constraint, a column of either side
 * (single-column FKs) or a junction table.
 */
export function resolveEmbed(cache: SchemaCache, source: CachedRelation, target: string, hint?: string): Relationship {
  const single = (pairs: [string, string][], side: 0 | 1, name: string) => pairs.length === 1 && pairs[0]![side] === name
  const all = relationshipsOf(cache, source)
  const found = all.filter((r) => {
    const direct = !r.junction
    const toOneFromHere = r.cardinality === 'many-to-one' || (r.cardinality === 'one-to-one' && fkIsOnSource(cache, r))
    const named = r.target.name === target || (direct && r.constraint === target) || (direct && toOneFromHere && single(r.pairs, 0, target))
    if (!named) return false
    if (hint === undefined) return true
    if (direct) return r.constraint === hint || single(r.pairs, 0, hint) || single(r.pairs, 1, hint)
    return r.junction!.relation.name === hint
  })
  const hinted = found
  if (hinted.length === 1) return hinted[0]!
  if (hinted.length === 0) throw noRelationship(source, target, hint, all)
  const names = hinted.map((r) => `'${target}!${r.junction ? r.junction.relation.name : r.constraint}'`)
  throw new AmbiguousEmbed(
    source.name, target, hinted.map(describe),
    `Try changing '${target}' to one of the following: ${names.join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

/** For a one-to-one: whether the FK is on the source (the source references the target). */
function fkIsOnSource(cache: SchemaCache, r: Relationship): boolean {
  return cache.foreignKeys.some((fk) => fk.name === r.constraint && fk.schema === r.source.schema && fk.table === r.source.name && sameSet(fk.columns, r.pairs.map((p) => p[0])))
}
