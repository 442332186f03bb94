/** TODO(H5): GET /rest/v1/ answers the OpenAPI document of the exposed schema, as PostgREST does. */
import type { FastifyInstance } from 'fastify'
import type { RestContext } from './context'

export function openApiRoute(_app: FastifyInstance, _ctx: RestContext, _studioUrl: string): void {}
