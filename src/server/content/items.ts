/**
 * Content items in the platform store (_studio.content). A user sees their own 'user' items and every
 * 'project' item; nothing else exists for them.
 */
import type { Project } from '../../shared/api'
import { SnippetContent, type Content, type ContentType, type Visibility } from '../../shared/content'
import type { Queryable } from '../db/driver'
import { parse } from '../errors'
import type { StudioUser } from '../platform/users'

interface ItemRow {
  id: string
  owner_id: number
  username: string
  type: ContentType
  name: string
  description: string
  visibility: Visibility
  content: Record<string, unknown>
  inserted_at: string
  updated_at: string
}

/** Items of `source` (a table or a CTE) as the API answers them, with their owner's name. */
const selectFrom = (source: string) => `
  select c.id, c.owner_id, u.username, c.type, c.name, c.description, c.visibility, c.content,
         to_json(c.inserted_at) #>> '{}' as inserted_at, to_json(c.updated_at) #>> '{}' as updated_at
  from ${source} c join _studio.users u on u.id = c.owner_id`
/** $1 project ref, $2 user id */
const VISIBLE = `c.project_ref = $1 and (c.visibility = 'project' or c.owner_id = $2)`

/** A content item as the API answers it, its content an object. */
type Item = Content<Record<string, unknown>>

function toContent(project: Project, row: ItemRow): Item {
  const { username, ...item } = row
  return { ...item, project_id: project.id, owner: { id: row.owner_id, username } }
}

/** A snippet's content keeps its sql, favorite and schema_version right (filling the defaults) and any other keys. */
export function contentOf(type: ContentType, content: Record<string, unknown>): Record<string, unknown> {
  return type === 'sql' ? parse(SnippetContent.loose(), content) : content
}

export async function listItems(db: Queryable, project: Project, user: StudioUser, type?: ContentType): Promise<Item[]> {
  const { rows } = await db.query<ItemRow>(
    `${selectFrom('_studio.content')} where ${VISIBLE} and ($3::text is null or c.type = $3) order by c.inserted_at, c.id`,
    [project.ref, user.id, type ?? null],
  )
  return rows.map((row) => toContent(project, row))
}

/** The visible items among ids, locked until the transaction `tx` ends. */
export async function lockItems(tx: Queryable, project: Project, user: StudioUser, ids: readonly string[]): Promise<Item[]> {
  const { rows } = await tx.query<ItemRow>(`${selectFrom('_studio.content')} where ${VISIBLE} and c.id = any($3::uuid[]) for update of c`, [
    project.ref, user.id, ids,
  ])
  return rows.map((row) => toContent(project, row))
}

export interface NewItem {
  id: string
  type: ContentType
  name: string
  description: string
  visibility: Visibility
  content: Record<string, unknown>
}

/** Inserts the item as the user's; undefined when its id is taken. */
export async function insertItem(db: Queryable, project: Project, user: StudioUser, item: NewItem): Promise<Item | undefined> {
  const { rows } = await db.query<ItemRow>(
    `with inserted as (
       insert into _studio.content (id, project_ref, owner_id, type, name, description, visibility, content)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (id) do nothing returning *
     ) ${selectFrom('inserted')}`,
    [item.id, project.ref, user.id, item.type, item.name, item.description, item.visibility, JSON.stringify(item.content)],
  )
  return rows[0] && toContent(project, rows[0])
}

/** Writes the item's name, description, visibility and content. */
export async function updateItem(db: Queryable, project: Project, item: Item): Promise<Item> {
  const { rows } = await db.query<ItemRow>(
    `with updated as (
       update _studio.content set name = $2, description = $3, visibility = $4, content = $5, updated_at = now()
       where id = $1 returning *
     ) ${selectFrom('updated')}`,
    [item.id, item.name, item.description, item.visibility, JSON.stringify(item.content)],
  )
  if (!rows[0]) throw new Error(`content ${item.id} vanished while being updated`)
  return toContent(project, rows[0])
}

export async function deleteItems(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query(`delete from _studio.content where id = any($1::uuid[])`, [ids])
}
