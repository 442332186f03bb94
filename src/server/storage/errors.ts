/**
 * Errors of the storage service. The storage-js compatible API answers them as storage does,
 * { statusCode, error, message } (statusCode a string); the dashboard routes as { message, code }.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MSG } from '../../shared/messages'
import { isDatabaseError, toErrorBody } from '../errors'

export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
    /** what the body's statusCode says, when it differs from the HTTP status (storage answers token errors 400/'403') */
    readonly bodyStatusCode = String(statusCode),
  ) {
    super(message)
    this.name = 'StorageError'
  }
}

export const bucketNotFound = () => new StorageError(404, 'Bucket not found', MSG.bucketNotFound)
export const objectNotFound = () => new StorageError(404, 'not_found', MSG.objectNotFound)
export const duplicate = () => new StorageError(409, 'Duplicate', MSG.resourceExists)
export const invalid = (message: string) => new StorageError(400, 'InvalidRequest', message)
export const unauthorized = (message: string) => new StorageError(403, 'Unauthorized', message)

/** A database error as a storage error: RLS refusals 403, unique violations 409, others 400. */
export function fromDatabase(e: unknown): unknown {
  if (!isDatabaseError(e)) return e
  if (e.code === '42501') return unauthorized(e.message)
  if (e.code === '23505') return duplicate()
  if (e.code === '23503') return bucketNotFound()
  return new StorageError(400, 'DatabaseError', e.message)
}

/**
 * A request refused before its body was all read (an upload over the limit, cut off, or refused by a
 * policy): the connection is closed after the answer, as its unread bytes would otherwise be taken for the
 * next request's.
 */
function closeIfUnread(request: FastifyRequest, reply: FastifyReply): void {
  const { headers } = request
  const hasBody = headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0
  if (hasBody && !request.raw.complete) reply.header('connection', 'close')
}

/** The storage API's error handler: storage's own body shape. */
export function installStorageErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raw, request, reply) => {
    closeIfUnread(request, reply)
    const error = fromDatabase(raw)
    if (error instanceof StorageError) {
      request.storageError = error.message
      return reply.status(error.statusCode).send({ statusCode: error.bodyStatusCode, error: error.error, message: error.message })
    }
    const status = (error as FastifyError).statusCode
    if (typeof status === 'number' && status >= 400 && status < 600 && status !== 500) {
      request.storageError = (error as Error).message
      return reply.status(status).send({ statusCode: String(status), error: 'Error', message: (error as Error).message })
    }
    request.log.error(error)
    request.storageError = 'Internal Server Error'
    // the details (paths on disk, say) stay in the log
    return reply.status(500).send({ statusCode: '500', error: 'Internal', message: 'Internal Server Error' })
  })
}

/** The dashboard's error handler: { message, code }, as every other dashboard call, with storage's statuses. */
export function installDashboardErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raw, request, reply) => {
    closeIfUnread(request, reply)
    const body = toErrorBody(fromDatabase(raw))
    if (body.code >= 500) request.log.error(raw)
    request.storageError = body.message
    return reply.status(body.code).send(body)
  })
}
