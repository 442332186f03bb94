/**
 * Registers a Fastify route from an endpoint of the contract (src/shared/contract): its method and path
 * (less the prefix of the plugin it is registered in), and a handler that gets the query string and body
 * already parsed with the endpoint's schemas by `parse()`, so a bad one is the same 400 everywhere. The route's
 * own hooks (preHandler permission checks, `config: { access: 'public' }`) run first, as options say.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify'
import type { z } from 'zod'
import type { Endpoint, OneOf, ParamsOf, ResponseOf } from '../shared/contract/endpoint'
import { parse } from './errors'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

export interface RouteInput<E extends Endpoint> {
  /** the path's parameters, as Fastify matched them */
  params: ParamsOf<E>
  query: Parsed<E['query']>
  /** undefined for a streaming body (read `req.body`, the raw stream) */
  body: E['stream'] extends { body: string } ? undefined : Parsed<E['body']>
  req: FastifyRequest
  reply: FastifyReply
}

/** The answer: the endpoint's JSON (one item for a by-id read), or the reply itself once a stream was sent. */
type Answer<E> = ResponseOf<E> | OneOf<E> | FastifyReply
export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Answer<E> | Promise<Answer<E>>
export type RouteOptions = Pick<RouteShorthandOptions, 'preHandler' | 'config'>

export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>): void
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: RouteOptions, handler: RouteHandler<E>): void
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  ...rest: [RouteHandler<E>] | [RouteOptions, RouteHandler<E>]
): void {
  const [options, handler] = rest.length === 1 ? [{}, rest[0]] : rest
  if (!endpoint.path.startsWith(app.prefix)) throw new Error(`${endpoint.path} is not under ${app.prefix}`)
  const streamed = endpoint.stream?.body !== undefined
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length),
    handler: async (req, reply) => {
      const query = endpoint.query ? parse(endpoint.query, req.query) : undefined
      const body = endpoint.body && !streamed ? parse(endpoint.body, req.body) : undefined
      return handler({ params: req.params as ParamsOf<E>, query, body, req, reply } as RouteInput<E>)
    },
  })
}
