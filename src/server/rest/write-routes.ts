/** TODO(H3): POST, PATCH, PUT and DELETE /rest/v1/{relation}. */
import type { FastifyInstance } from 'fastify'
import type { RestContext } from './context'

export function writeRoutes(_app: FastifyInstance, _ctx: RestContext): void {}
