/**
 * The content API (spec 7) under /platform/projects/:ref/content, and title generation for snippets.
 * Creating needs the create user-content permission, and so does sharing ('user' → 'project'); only the
 * owner may change or delete an item.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CONTENT_NOT_FOUND, ContentCreateBody, ContentDeleteQuery, ContentIdQuery, ContentListQuery, ContentUpdateBody, TitleBody,
  type Content, type ContentListResponse, type TitleResponse,
} from '../../shared/content'
import { MSG } from '../../shared/messages'
import { badRequest, forbidden, notFound, parse } from '../errors'
import type { Permissions } from '../permissions'
import { projectByRef } from '../platform/projects'
import type { PlatformStore } from '../platform/store'
import type { Users } from '../platform/users'
import { contentOf, deleteItems, insertItem, listItems, lockItems, updateItem } from './items'
import { titleOf } from './title'

type ProjectRequest = FastifyRequest<{ Params: { ref: string } }>

export function contentRoutes(app: FastifyInstance, store: PlatformStore, users: Users, permissions: Permissions): void {
  const path = '/platform/projects/:ref/content'

  app.get(path, async (req: ProjectRequest): Promise<ContentListResponse> => {
    const project = projectByRef(req.params.ref)
    const { type } = parse(ContentListQuery, req.query)
    return { data: await listItems(await store.get(), project, users.of(req), type) }
  })

  app.post(path, async (req: ProjectRequest, reply): Promise<Content> => {
    const project = projectByRef(req.params.ref)
    permissions.check(req, 'createUserContent', MSG.snippetNoPermission)
    const body = parse(ContentCreateBody, req.body)
    const id = body.id ?? randomUUID()
    const created = await insertItem(await store.get(), project, users.of(req), { ...body, id, content: contentOf(body.type, body.content) })
    if (!created) throw badRequest(`Content ${id} already exists`)
    reply.status(201)
    return created
  })

  app.patch(path, async (req: ProjectRequest): Promise<Content> => {
    const project = projectByRef(req.params.ref)
    const { id } = parse(ContentIdQuery, req.query)
    const change = parse(ContentUpdateBody, req.body)
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

  app.delete(path, async (req: ProjectRequest): Promise<{ deleted: string[] }> => {
    const project = projectByRef(req.params.ref)
    const ids = [...new Set(parse(ContentDeleteQuery, req.query).ids)]
    const user = users.of(req)
    return (await store.get()).transaction(async (tx) => {
      const items = await lockItems(tx, project, user, ids)
      if (items.length < ids.length) throw notFound(CONTENT_NOT_FOUND)
      if (items.some((item) => item.owner_id !== user.id)) throw forbidden(MSG.contentOwnerOnly('delete'))
      await deleteItems(tx, ids)
      return { deleted: ids }
    })
  })

  app.post('/api/ai/sql/title', async (req): Promise<TitleResponse> => titleOf(parse(TitleBody, req.body).sql))
}
