/**
 * Authentication settings under /platform/auth/{ref} (src/shared/contract/auth-config.ts): providers, rate
 * limits, email templates, URL configuration and hooks are one configuration. Every call needs
 * project_auth:all (spec 6: it gates the Authentication settings items); then the project, then the body
 * (AuthConfigPatch, a bad one is a 400 with its message), then the rules of the configuration it would leave
 * (authConfigProblem) and, for the hook, that its function exists: a refused PATCH changes nothing.
 * Secrets are answered masked; a PATCH that sends the mask keeps the secret.
 */
import type { FastifyInstance } from 'fastify'
import { authConfig as e, authConfigProblem, hookFunctionOf, hookUri, maskSecrets, withoutMaskedSecrets, type HookFunction } from '../../shared/contract/auth-config'
import { EXCLUDED_SCHEMAS, INTERNAL_SCHEMAS } from '../../shared/constants'
import { MSG } from '../../shared/messages'
import type { Driver } from '../db/driver'
import { badRequest } from '../errors'
import type { Permissions } from '../permissions'
import { knownProject } from '../platform/routes'
import { route } from '../route'
import type { AuthAdmin } from './admin-api'

/** Functions `(jsonb) returns jsonb` outside the system schemas: what a custom access token hook can call. */
async function hookFunctions(db: Driver, only?: { schema: string; name: string }): Promise<HookFunction[]> {
  const hidden = [...EXCLUDED_SCHEMAS, ...INTERNAL_SCHEMAS].filter((s) => s !== 'auth')
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, p.proname as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prokind = 'f' and p.pronargs = 1 and p.proargtypes[0] = 'jsonb'::regtype and p.prorettype = 'jsonb'::regtype
        and not (n.nspname = any($1::text[])) and n.nspname not like 'pg\\_%'
        and ($2::text is null or (n.nspname = $2 and p.proname = $3))
      order by n.nspname = 'public' desc, n.nspname, p.proname`,
    [hidden, only?.schema ?? null, only?.name ?? null],
  )
  return rows.map((r) => ({ ...r, uri: hookUri(r.schema, r.name) }))
}

/** The service's error (GoTrue's status and message) as the dashboard answers errors. */
async function answer<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    const status = (err as { status?: unknown }).status
    if (typeof status === 'number' && status >= 400 && status < 600 && (err as { statusCode?: unknown }).statusCode === undefined) {
      throw Object.assign(new Error((err as Error).message), { statusCode: status })
    }
    throw err
  }
}

export function authConfigRoutes(app: FastifyInstance, auth: AuthAdmin, db: Driver, permissions: Permissions): void {
  const gate = { preHandler: [permissions.require('projectAuthAll', MSG.noPermission('manage authentication')), knownProject] }

  route(app, e.authConfig, gate, async ({ params }) => maskSecrets(await answer(auth.config(params.ref))))

  route(app, e.updateAuthConfig, gate, async ({ params, body }) => {
    const patch = withoutMaskedSecrets(body)
    const next = { ...(await answer(auth.config(params.ref))), ...patch }
    const problem = authConfigProblem(next)
    if (problem) throw badRequest(problem)
    const hookChanged = patch.HOOK_CUSTOM_ACCESS_TOKEN_URI !== undefined || patch.HOOK_CUSTOM_ACCESS_TOKEN_ENABLED === true
    if (next.HOOK_CUSTOM_ACCESS_TOKEN_ENABLED && hookChanged) {
      const fn = hookFunctionOf(next.HOOK_CUSTOM_ACCESS_TOKEN_URI)
      if (!fn || (await hookFunctions(db, fn)).length === 0) {
        throw badRequest(MSG.authHookFunctionMissing(fn ? `${fn.schema}.${fn.name}` : next.HOOK_CUSTOM_ACCESS_TOKEN_URI))
      }
    }
    return maskSecrets(await answer(auth.updateConfig(params.ref, patch)))
  })

  route(app, e.authHookFunctions, gate, () => hookFunctions(db))
}
