/** Saved content (SQL snippets) under /platform/projects/{ref}/content (spec 7). */
import {
  ContentCreateBody, ContentDeleteQuery, ContentIdQuery, ContentListQuery, ContentUpdateBody, type Content,
  type ContentListResponse,
} from '../content'
import { endpoint, type } from './endpoint'

export const CONTENT = '/platform/projects/:ref/content'

export const content = {
  contents: endpoint({ method: 'GET', path: CONTENT, query: ContentListQuery, response: type<ContentListResponse>() }),
  /** 201 with the item */
  createContent: endpoint({ method: 'POST', path: CONTENT, body: ContentCreateBody, response: type<Content>() }),
  updateContent: endpoint({ method: 'PATCH', path: CONTENT, query: ContentIdQuery, body: ContentUpdateBody, response: type<Content>() }),
  deleteContents: endpoint({ method: 'DELETE', path: CONTENT, query: ContentDeleteQuery, response: type<{ deleted: string[] }>() }),
}
