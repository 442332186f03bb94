/**
 * The content API (spec 7; src/shared/contract/content.ts) under /platform/projects/:ref/content, and title
 * generation for snippets. Creating needs the create user-content permission, and so does sharing
 * ('user' → 'project'); only the owner may change or delete an item.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { CONTENT_NOT_FOUND } from '../../shared/content'
import { content } from '../../shared/contract/content'
import { sql } from '../../shared/contract/sql'
import { MSG } from '../../shared/messages'
import { badRequest, forbidden, notFound } from '../errors'
import type { Permissions } from '../permissions'
import { projectByRef } from '../platform/projects'
import { knownProject } from '../platform/routes'
import type { PlatformStore } from '../platform/store'
import type { Users } from '../platform/users'
import { route } from '../route'
import { contentOf, deleteItems, insertItem, listItems, lockItems, updateItem } from './items'
import { titleOf } from './title'

export function contentRoutes(app: FastifyInstance, store: PlatformStore, users: Users, permissions: Permissions): void {
  // The project is checked before anything else is read, the create permission before the body.
  route(app, content.contents, { preHandler: knownProject }, async ({ params, query, req }) => ({
    data: await listItems(await store.get(), projectByRef(params.ref), users.of(req), query.type),
  }))

  const create = { preHandler: [knownProject, permissions.require('createUserContent', MSG.snippetNoPermission)] }
  route(app, content.createContent, create, async ({ params, body, req, reply }) => {
    const id = body.id ?? randomUUID()
    const created = await insertItem(await store.get(), projectByRef(params.ref), users.of(req), {
      ...body, id, content: contentOf(body.type, body.content),
    })
    if (!created) throw badRequest(`Content ${id} already exists`)
    reply.status(201)
    return created
  })

  route(app, content.updateContent, { preHandler: knownProject }, async ({ params, query: { id }, body: change, req }) => {
    const project = projectByRef(params.ref)
    const user = users.of(req)
    return (await store.get()).transaction(async (tx) => {
      const [item] = await lockItems(tx, project, user, [id])
      if (!item) throw notFound(CONTENT_NOT_FOUND)
      if (item.owner_id !== user.id) throw forbidden(MSG.contentOwnerOnly('change'))
      if (item.visibility === 'user' && change.visibility === 'project') {
        permissions.check(req, 'createUserContent', MSG.noPermission('share queries'))
      }
      // content changes key by key: { favorite: true } alone keeps the sql
      const content = change.content ? contentOf(item.type, { ...item.content, ...change.content }) : item.content
      return updateItem(tx, project, { ...item, ...change, content })
    })
  })

  route(app, content.deleteContents, { preHandler: knownProject }, async ({ params, query, req }) => {
    const ids = [...new Set(query.ids)]
    const user = users.of(req)
    return (await store.get()).transaction(async (tx) => {
      const items = await lockItems(tx, projectByRef(params.ref), user, ids)
      if (items.length < ids.length) throw notFound(CONTENT_NOT_FOUND)
      if (items.some((item) => item.owner_id !== user.id)) throw forbidden(MSG.contentOwnerOnly('delete'))
      await deleteItems(tx, ids)
      return { deleted: ids }
    })
  })

  route(app, sql.sqlTitle, ({ body }) => titleOf(body.sql))
}
