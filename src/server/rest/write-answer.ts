/**
 * What REST writes and RPC calls add to the answer of a read (respond.ts): Preference-Applied, the
 * max-affected check, and the `response.headers`/`response.status` a trigger or function may set, as
 * PostgREST 12 honours them.
 */
import type { FastifyReply } from 'fastify'
import type { Impersonation } from '../../shared/api'
import type { Driver, Statement } from '../db/driver'
import type { Prefer } from './ast'
import { RestError } from './errors'
import { runAs, runStatementsAs, type RunOptions } from './run'

/** Preference-Applied: the preferences honoured, in PostgREST's order. */
export function preferenceApplied(p: Prefer, which: ReadonlyArray<keyof Prefer>): string | undefined {
  const has = (k: keyof Prefer) => which.includes(k) && p[k] !== undefined
  const parts: string[] = []
  if (has('resolution')) parts.push(`resolution=${p.resolution}`)
  if (has('missing')) parts.push(`missing=${p.missing}`)
  if (has('return')) parts.push(`return=${p.return}`)
  if (has('params')) parts.push(`params=${p.params}`)
  if (has('count')) parts.push(`count=${p.count}`)
  if (has('tx')) parts.push(`tx=${p.tx}`)
  if (has('handling')) parts.push(`handling=${p.handling}`)
  if (p.handling === 'strict' && has('maxAffected')) parts.push(`max-affected=${p.maxAffected}`)
  return parts.length ? parts.join(', ') : undefined
}

/** PGRST124: handling=strict and more rows changed than max-affected allows (the change is undone). */
export function checkMaxAffected(p: Prefer, affected: number): void {
  if (p.handling === 'strict' && p.maxAffected !== undefined && affected > p.maxAffected) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`)
  }
}

/** The `response.headers` (JSON array of one-key objects) and `response.status` a statement set, checked as PostgREST does. */
export function gucOverrides(headers: unknown, status: unknown): { headers: [string, string][]; status?: number } {
  const out: { headers: [string, string][]; status?: number } = { headers: [] }
  if (typeof headers === 'string' && headers !== '') {
    let parsed: unknown
    try {
      parsed = JSON.parse(headers)
    } catch {
      parsed = undefined
    }
    const valid = Array.isArray(parsed) && parsed.every((h) => typeof h === 'object' && h !== null && !Array.isArray(h) && Object.keys(h).length === 1 && typeof Object.values(h)[0] === 'string')
    if (!valid) throw new RestError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value')
    for (const h of parsed as Record<string, string>[]) {
      const [k, v] = Object.entries(h)[0]!
      out.headers.push([k, v])
    }
  }
  if (typeof status === 'string' && status !== '') {
    const n = Number(status)
    if (!/^\d+$/.test(status) || n < 100 || n > 599) throw new RestError(500, 'PGRST112', 'response.status guc must be a valid status code')
    out.status = n
  }
  return out
}

/** SQL reading what a statement set for the answer's headers and status, in the same statement. */
export const GUC_COLUMNS = `nullif(current_setting('response.headers', true), '') as response_headers, nullif(current_setting('response.status', true), '') as response_status`

/** Sends an answer: the status, headers (those a statement set win), Content-Profile, and the body or none. */
export function send(
  reply: FastifyReply,
  a: { status: number; headers: Record<string, string | undefined>; body?: string; contentType?: string; profile?: string; guc?: { headers: [string, string][]; status?: number } },
): FastifyReply {
  const headers = { ...a.headers }
  if (a.body !== undefined && a.contentType) headers['content-type'] = a.contentType
  if (a.profile !== undefined && a.body !== undefined) headers['content-profile'] = a.profile
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) reply.header(k, v)
  for (const [k, v] of a.guc?.headers ?? []) reply.header(k, v)
  reply.status(a.guc?.status ?? a.status)
  return a.body === undefined ? reply.send() : reply.send(a.body)
}

/**
 * Runs `statements` as the caller and answers the last one's first row. Without `check`, in one batch (one
 * round trip); with it, in a transaction where `check` sees that row before the commit and may throw to undo
 * everything (PostgREST's PUT key, single-object and max-affected checks).
 */
export async function runWrite<R>(db: Driver, who: Impersonation, opts: RunOptions, statements: readonly Statement[], check?: (row: R) => void): Promise<R> {
  if (!check) {
    const results = await runStatementsAs(db, who, opts, statements)
    return results[results.length - 1]!.rows[0] as R
  }
  return runAs(db, who, opts, async (tx) => {
    let row: R | undefined
    for (const s of statements) row = (await tx.query<R>(s.sql, s.params)).rows[0]
    check(row!)
    return row!
  })
}
