/**
 * Publications (Database → Replication, issue 15): GET the list, POST to create one (for all tables or chosen
 * ones, with its operations), PATCH ?id to change operations, tables or name, DELETE ?id. Each change in one
 * transaction, answered with the publication as it now is (as it was, for a delete). Writes need tenant SQL
 * admin write.
 */
import type { FastifyInstance } from 'fastify'
import { pgMetaPublications } from '../../shared/contract/pg-meta-publications'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import { notFound } from '../errors'
import type { Permissions } from '../permissions'
import { route } from '../route'
import { findPublication, listPublications } from './publications'
import { createPublication, dropPublication, publicationToChange, updatePublication } from './publications-write'

export function publicationRoutes(app: FastifyInstance, db: Driver, permissions: Permissions): void {
  const write = { preHandler: permissions.require('tenantSqlAdminWrite', MSG.noPermission('change publications')) }

  const byName = async (name: string) => {
    const found = (await listPublications(db)).find((p) => p.name === name)
    if (!found) throw notFound(`There is no publication ${name}`)
    return found
  }

  route(app, pgMetaPublications.publications, () => listPublications(db))

  route(app, pgMetaPublications.createPublication, write, async ({ body }) => {
    await db.transaction((tx) => createPublication(tx, body))
    return byName(body.name)
  })

  route(app, pgMetaPublications.updatePublication, write, async ({ query: { id }, body }) => {
    await db.transaction(async (tx) => updatePublication(tx, await publicationToChange(tx, id), body))
    const p = await findPublication(db, id)
    if (!p) throw notFound(MSG.publicationNotFound(id))
    return p
  })

  route(app, pgMetaPublications.deletePublication, write, ({ query: { id } }) =>
    db.transaction(async (tx) => {
      const p = await publicationToChange(tx, id)
      await dropPublication(tx, p)
      return p
    }),
  )
}
