/**
 * The REST write and RPC routes read every body raw (any Content-Type, or none): body.ts reads it as
 * PostgREST does (JSON kept as the client's text, CSV, forms, a function's single raw argument), and an
 * unreadable body is PostgREST's PGRST102 rather than a generic parser error.
 */
import type { FastifyInstance } from 'fastify'
import { REST_BODY_LIMIT_BYTES } from '../../shared/constants'

/** In this (encapsulated) scope, every request body arrives as a Buffer, up to REST_BODY_LIMIT_BYTES. */
export function installRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REST_BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body))
}

/** The raw body of a request of such a scope as text ('' when none). */
export const bodyText = (body: unknown): string | undefined => (Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : undefined)
