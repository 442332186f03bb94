/** CREATE / ALTER / DROP PUBLICATION, each inside the caller's transaction. */
import type { z } from 'zod'
import type { Publication, PublicationCreateBody, PublicationUpdateBody } from '../../shared/contract/pg-meta-publications'
import { PUBLICATION_OPERATIONS } from '../../shared/contract/pg-meta-publications'
import { MSG } from '../../shared/messages'
import { quoteIdent, quoteLiteral, quoteQualified } from '../../shared/sql-quote'
import type { Queryable } from '../db/driver'
import { badRequest, notFound } from '../errors'
import { findPublication } from './publications'

type Create = z.output<typeof PublicationCreateBody>
type Update = z.output<typeof PublicationUpdateBody>
type Ops = Pick<Publication, 'publish_insert' | 'publish_update' | 'publish_delete' | 'publish_truncate'>

/** (publish = 'insert, update'): '' publishes nothing. */
const publishOption = (ops: Ops) =>
  `(publish = ${quoteLiteral(PUBLICATION_OPERATIONS.filter((op) => ops[`publish_${op}`]).join(', '))})`

/** Each table as schema.name, quoted: by id, or by "schema.name" ("name" alone is in public). */
async function tableList(tx: Queryable, tables: readonly (number | string)[]): Promise<string[]> {
  const out: string[] = []
  for (const t of tables) {
    const [schema, name] = typeof t === 'number' ? [null, null] : t.includes('.') ? [t.slice(0, t.indexOf('.')), t.slice(t.indexOf('.') + 1)] : ['public', t]
    const { rows } = await tx.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and (($1::oid is not null and c.oid = $1::oid) or (n.nspname = $2 and c.relname = $3))`,
      [typeof t === 'number' ? t : null, schema, name],
    )
    const found = rows[0]
    if (!found) throw badRequest(MSG.publicationTableNotFound(String(t)))
    out.push(quoteQualified(found.schema, found.name))
  }
  return [...new Set(out)]
}

export async function createPublication(tx: Queryable, body: Create): Promise<void> {
  const target = body.tables == null ? ' for all tables' : body.tables.length ? ` for table ${(await tableList(tx, body.tables)).join(', ')}` : ''
  await tx.query(`create publication ${quoteIdent(body.name)}${target} with ${publishOption(body)}`)
}

export async function publicationToChange(tx: Queryable, id: number): Promise<Publication> {
  const p = await findPublication(tx, id)
  if (!p) throw notFound(MSG.publicationNotFound(id))
  return p
}

export async function updatePublication(tx: Queryable, p: Publication, body: Update): Promise<void> {
  const name = quoteIdent(p.name)
  const ops: Ops = {
    publish_insert: body.publish_insert ?? p.publish_insert,
    publish_update: body.publish_update ?? p.publish_update,
    publish_delete: body.publish_delete ?? p.publish_delete,
    publish_truncate: body.publish_truncate ?? p.publish_truncate,
  }
  if (PUBLICATION_OPERATIONS.some((op) => ops[`publish_${op}`] !== p[`publish_${op}`])) await tx.query(`alter publication ${name} set ${publishOption(ops)}`)
  if (body.tables) {
    if (p.tables === null) throw badRequest(MSG.publicationAllTables(p.name))
    const tables = await tableList(tx, body.tables)
    if (tables.length) await tx.query(`alter publication ${name} set table ${tables.join(', ')}`)
    else if (p.tables.length) await tx.query(`alter publication ${name} drop table ${p.tables.map((t) => quoteQualified(t.schema, t.name)).join(', ')}`)
  }
  if (body.name && body.name !== p.name) await tx.query(`alter publication ${name} rename to ${quoteIdent(body.name)}`)
}

export async function dropPublication(tx: Queryable, p: Publication): Promise<void> {
  await tx.query(`drop publication ${quoteIdent(p.name)}`)
}
