/**
 * One endpoint of the dashboard API, written once: its method, path pattern and the zod schemas of its
 * query string and body, which the server parses with (src/server/route.ts) and the client's `call` is
 * typed from (src/web/data/api.ts). The answer is a type only (a phantom field): nothing checks it at run time.
 */
import type { z } from 'zod'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/**
 * A streaming endpoint: `body` when the request body is a stream the server reads as it arrives (an upload,
 * a CSV import: never parsed as JSON), `answer` when the answer is not JSON (bytes of a download or an
 * export, NDJSON progress lines).
 */
export interface Streaming {
  readonly body?: 'bytes' | 'csv'
  readonly answer?: 'bytes' | 'ndjson'
}

/** A type carried by a value that is never read: `response: type<Table[]>()`. */
export interface Phantom<T> {
  readonly phantom?: T
}
export const type = <T>(): Phantom<T> => ({})

type Schema = z.ZodType | undefined

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Q extends Schema = Schema,
  B extends Schema = Schema,
  R = unknown,
  One = unknown,
  S extends Streaming | undefined = Streaming | undefined,
> {
  readonly method: M
  /** Fastify's pattern: `/platform/pg-meta/:ref/tables` */
  readonly path: P
  readonly query: Q
  readonly body: B
  readonly stream: S
  /** the JSON answer (streams: what the client makes of the bytes) */
  readonly response: Phantom<R>
  /** endpoints that list, or answer one item when the query names its `id` (404 when there is none) */
  readonly byId?: Phantom<One>
}

export function endpoint<
  const M extends Method,
  const P extends string,
  R,
  Q extends Schema = undefined,
  B extends Schema = undefined,
  One = never,
  const S extends Streaming | undefined = undefined,
>(def: {
  method: M
  path: P
  query?: Q
  body?: B
  stream?: S
  response: Phantom<R>
  byId?: Phantom<One>
}): Endpoint<M, P, Q, B, R, One, S> {
  return { ...def, query: def.query as Q, body: def.body as B, stream: def.stream as S }
}

/** An endpoint that answers JSON to a JSON (or no) body: what the client's `call` takes. */
export type JsonEndpoint = Endpoint<Method, string, Schema, Schema, unknown, unknown, undefined>

// ---- types derived from an endpoint ----

/** `{ ref: string; id: string }` for '/platform/storage/:ref/buckets/:id' */
export type PathParams<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? { [k in K]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? { [k in K]: string }
    : {}

type Flat<T> = { [K in keyof T]: T[K] } & {}
type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T]

/**
 * What a client puts in a query string: the parsed (output) type of each field, optional where the schema
 * lets it be absent. `searchOf` sends it as the schema reads it: lists joined with ',', objects as JSON.
 */
export type QueryInput<S> = S extends z.ZodType
  ? Flat<
      { [K in Exclude<keyof z.output<S>, OptionalKeys<z.input<S>>>]: z.output<S>[K] } & {
        [K in OptionalKeys<z.input<S>> & keyof z.output<S>]?: Exclude<z.output<S>[K], undefined>
      }
    >
  : never

export type ParamsOf<E> = E extends Endpoint<Method, infer P> ? Flat<PathParams<P>> : never
export type QueryOf<E> = E extends Endpoint<Method, string, infer Q> ? QueryInput<Q> : never
export type BodyOf<E> = E extends Endpoint<Method, string, Schema, infer B> ? (B extends z.ZodType ? z.input<B> : never) : never
export type ResponseOf<E> = E extends Endpoint<Method, string, Schema, Schema, infer R> ? R : never
export type OneOf<E> = E extends Endpoint<Method, string, Schema, Schema, unknown, infer One> ? One : never

/** A slot of a call's arguments: required when something in it is, absent when the endpoint has none. */
type Slot<Name extends string, T> = [T] extends [never]
  ? { [k in Name]?: never }
  : {} extends T
    ? { [k in Name]?: T }
    : { [k in Name]: T }

/** What `call(endpoint, args)` takes. */
export type CallArgs<E> = Flat<
  Slot<'params', keyof ParamsOf<E> extends never ? never : ParamsOf<E>> &
    Slot<'query', QueryOf<E>> &
    Slot<'body', BodyOf<E>> & {
      /** whether a 401 is handed to the client's onUnauthorized (default true) */
      reportUnauthorized?: boolean
    }
>

// ---- building a request ----

/** The path with its parameters filled in, each URI-encoded. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path}: no value for :${name}`)
    return encodeURIComponent(value)
  })
}

/** `?a=1&b=x,y` from a query: undefined left out, lists joined with ',', objects as JSON, the rest as text. */
export function searchOf(query?: object): string {
  if (!query) return ''
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(query) as [string, unknown][]) {
    if (v === undefined) continue
    sp.set(k, Array.isArray(v) ? v.join(',') : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ''
}
