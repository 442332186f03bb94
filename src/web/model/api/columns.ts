/**
 * A table's or view's columns as the OpenAPI document describes them: PostgREST writes the primary and
 * foreign keys into each property's description ("Note:\nThis is a Primary Key.<pk/>", "This is a Foreign Key
 * to `t.c`.<fk table='t' column='c'/>"); the docs show the comment and the keys apart.
 */
import type { OpenApiDocument, OpenApiProperty } from './openapi'

export interface DocsColumn {
  name: string
  /** the Postgres type (the property's format) */
  format: string
  /** the JSON type: integer, number, string, boolean, array, or undefined for json and jsonb */
  type: string | undefined
  /** NOT NULL */
  required: boolean
  /** the column's comment, without PostgREST's notes */
  comment: string | null
  primaryKey: boolean
  foreignKey: { table: string; column: string } | null
  /** the default as the document gives it (string defaults and JSON values; expressions such as nextval(…) are absent) */
  default: unknown
  hasDefault: boolean
  enum: string[] | null
  maxLength: number | null
}

const FK = /<fk table='([^']*)' column='([^']*)'\/>/

/** Splits a property's description into the comment and PostgREST's key notes. */
export function parseDescription(description: string | undefined): { comment: string | null; pk: boolean; fk: { table: string; column: string } | null } {
  if (!description) return { comment: null, pk: false, fk: null }
  const at = description.startsWith('Note:\n') ? 0 : description.lastIndexOf('\n\nNote:\n')
  const notes = at < 0 ? '' : description.slice(at)
  const comment = at < 0 ? description : description.slice(0, at)
  const fk = FK.exec(notes)
  return { comment: comment || null, pk: notes.includes('<pk/>'), fk: fk ? { table: fk[1]!, column: fk[2]! } : null }
}

function column(name: string, p: OpenApiProperty, required: boolean): DocsColumn {
  const { comment, pk, fk } = parseDescription(p.description)
  return {
    name,
    format: p.format ?? '',
    type: p.type,
    required,
    comment,
    primaryKey: pk,
    foreignKey: fk,
    default: p.default,
    hasDefault: p.default !== undefined,
    enum: p.enum ? p.enum.map(String) : null,
    maxLength: p.maxLength ?? null,
  }
}

export function docsColumns(doc: OpenApiDocument, resource: string): DocsColumn[] {
  const d = doc.definitions?.[resource]
  if (!d) return []
  const required = new Set(d.required ?? [])
  return Object.entries(d.properties ?? {}).map(([name, p]) => column(name, p, required.has(name)))
}

/** Which operations the document lists for a relation: all four for a table or a view that can be written. */
export function resourceOperations(doc: OpenApiDocument, resource: string) {
  const path = doc.paths[`/${resource}`] ?? {}
  return { read: Boolean(path.get), insert: Boolean(path.post), update: Boolean(path.patch), delete: Boolean(path.delete) }
}

/** The relations this one points at by its foreign keys, and those that point at it (for embedding). */
export function relatedResources(doc: OpenApiDocument, resource: string): { table: string; via: string; outgoing: boolean }[] {
  const out = docsColumns(doc, resource)
    .filter((c) => c.foreignKey)
    .map((c) => ({ table: c.foreignKey!.table, via: c.name, outgoing: true }))
  const incoming = Object.keys(doc.definitions ?? {})
    .filter((other) => other !== resource && doc.paths[`/${other}`])
    .flatMap((other) => docsColumns(doc, other)
      .filter((c) => c.foreignKey?.table === resource)
      .map((c) => ({ table: other, via: c.name, outgoing: false })))
  return [...out, ...incoming].filter((r) => doc.paths[`/${r.table}`])
}

export interface DocsFunctionArg {
  name: string
  format: string
  type: string | undefined
  required: boolean
}

/** A function's arguments (its POST body's properties) and whether it can be called with GET too. */
export function functionArgs(doc: OpenApiDocument, fn: string): { args: DocsFunctionArg[]; get: boolean; description: string | null } | null {
  const path = doc.paths[`/rpc/${fn}`]
  if (!path?.post) return null
  const body = path.post.parameters?.find((p) => p.in === 'body')?.schema
  const required = new Set(body?.required ?? [])
  const args = Object.entries(body?.properties ?? {}).map(([name, p]) => ({ name, format: p.format ?? '', type: p.type, required: required.has(name) }))
  const op = path.post
  const description = [op.summary, op.description].filter(Boolean).join('\n\n') || null
  return { args, get: Boolean(path.get), description }
}
