/** Helpers for tests that talk to the real studio servers started by tests/support/global-setup.ts. */
import { createApi, type Api } from '../../../src/web/data/api'
import { DEFAULT_PROJECT_REF } from '../../../src/shared/constants'
import { AUTH } from '../../support/auth'

export const REF = DEFAULT_PROJECT_REF

/** A name no other test (or earlier run on the shared PostgreSQL database) uses. */
export function unique(prefix: string): string {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`
}

export interface Client {
  api: Api
  /** runs SQL through POST query; the rows of the last statement */
  sql<R = Record<string, unknown>>(query: string): Promise<R[]>
  /** the oid of schema.name */
  oid(name: string, schema?: string): Promise<number>
  /** raw HTTP: status and parsed body, whatever the status */
  send(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>
}

export function client(url: string): Client {
  const api = createApi(url, AUTH)
  return {
    api,
    sql: (query) => api.query(REF, query),
    async oid(name, schema = 'public') {
      const rows = await api.query<{ oid: number }>(
        REF,
        `select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = '${schema}' and c.relname = '${name}'`,
      )
      if (!rows[0]) throw new Error(`no relation ${schema}.${name}`)
      return rows[0].oid
    },
    async send(method, path, body) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : undefined }
    },
  }
}
