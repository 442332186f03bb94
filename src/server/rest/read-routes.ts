/** TODO(H2): GET and HEAD /rest/v1/{relation}. */
import type { FastifyInstance } from 'fastify'
import type { RestContext } from './context'

export function readRoutes(_app: FastifyInstance, _ctx: RestContext): void {}
