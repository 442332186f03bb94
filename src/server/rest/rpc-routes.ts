/** TODO(H3): GET and POST /rest/v1/rpc/{function}. */
import type { FastifyInstance } from 'fastify'
import type { RestContext } from './context'

export function rpcRoutes(_app: FastifyInstance, _ctx: RestContext): void {}
