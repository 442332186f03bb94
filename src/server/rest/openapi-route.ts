/**
 * GET /rest/v1/ : the OpenAPI document of the exposed schema the request names (Accept-Profile, else the
 * first), as PostgREST 12 answers it. Any valid key reads it; as PostgREST's default openapi-mode
 * (follow-privileges) has it, it shows only the relations and functions the caller's role may use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Queryable } from '../db/driver'
import { projectApiUrl } from '../storage/urls'
import { refOf, type RestContext } from './context'
import { RestError } from './errors'
import { openApiDocument } from './openapi'
import { profileOf } from './respond'

const OPENAPI_MEDIA = 'application/openapi+json'

/** Whether the Accept header takes the document (openapi+json, json or anything); 406 PGRST107 otherwise. */
function checkAccept(request: FastifyRequest): void {
  const accept = request.headers.accept
  if (!accept) return
  const types = accept.split(',').map((t) => t.split(';')[0]!.trim().toLowerCase())
  if (types.some((t) => t === '*/*' || t === 'application/*' || t === OPENAPI_MEDIA || t === 'application/json')) return
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)
}

interface Visible {
  name: string
  what: 'r' | 'f'
}

/** What `role` may use in `schema` (PostgREST's accessible tables and functions), and the schema's comment. */
async function visibleTo(db: Queryable, role: string, schema: string) {
  const { rows } = await db.query<Visible>(
    `select c.relname as name, 'r' as what
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $2 and c.relkind in ('r', 'v', 'm', 'f', 'p')
        and (pg_has_role($1, c.relowner, 'USAGE')
             or has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
             or has_any_column_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))
     union all
     select p.proname, 'f'
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $2 and has_function_privilege($1, p.oid, 'EXECUTE')`,
    [role, schema],
  )
  const comment = await db.query<{ comment: string | null }>(
    `select obj_description(n.oid, 'pg_namespace') as comment from pg_namespace n where n.nspname = $1`,
    [schema],
  )
  return {
    relations: new Set(rows.filter((r) => r.what === 'r').map((r) => r.name)),
    functions: new Set(rows.filter((r) => r.what === 'f').map((r) => r.name)),
    schemaComment: comment.rows[0]?.comment ?? null,
  }
}

export function openApiRoute(app: FastifyInstance, ctx: RestContext, studioUrl: string): void {
  app.get('/', async (request, reply) => {
    const who = await ctx.caller(request)
    const ref = refOf(request)
    checkAccept(request)
    // read the catalog afresh: the document is asked for rarely (a docs page, a code generator), and a table
    // made a moment ago must be in it (the cache's own check runs behind the request that triggers it)
    const cache = await ctx.cache(ref, { reload: true })
    const { schema, negotiated } = profileOf(request, cache.schemas)
    const visible = await visibleTo(ctx.db, who.role, schema)
    const doc = openApiDocument({
      cache,
      schema,
      schemaComment: visible.schemaComment,
      visible,
      baseUrl: new URL(`${projectApiUrl(studioUrl, ref)}/rest/v1/`),
    })
    if (negotiated) void reply.header('content-profile', schema)
    return reply.header('content-type', `${OPENAPI_MEDIA}; charset=utf-8`).send(JSON.stringify(doc))
  })
}
