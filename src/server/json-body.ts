/**
 * The application/json body parser: Fastify's own (secure-json-parse refusing __proto__ and
 * constructor.prototype keys, 400 on an empty or malformed body, the instance's body limit), preceded by an
 * iterative depth scan, so a body nested deeper than JSON_MAX_DEPTH is a 400 before anything recursive
 * (the proto-poisoning scan, validation, serialisation) can overflow the stack on it. A refused body's 400
 * says why: the syntax error, or the forbidden key, instead of Fastify's generic "Body is not valid JSON".
 */
import { errorCodes, type FastifyInstance } from 'fastify'
import { JSON_MAX_DEPTH } from '../shared/constants'
import { MSG } from '../shared/messages'
import { badRequest } from './errors'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d

/** Does `text` open more than `max` arrays/objects inside one another? Brackets inside strings do not count. */
export function jsonDeeperThan(text: string, max: number): boolean {
  if (text.length <= max) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === BACKSLASH) i++
      else if (c === QUOTE) inString = false
    } else if (c === QUOTE) {
      inString = true
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--
    }
  }
  return false
}

/**
 * Why Fastify's parser refused `text` (depth already checked): JSON.parse's own syntax error, or the key
 * secure-json-parse refuses (JSON.parse keeps "__proto__" as a plain key, so the reviver sees it).
 */
export function refusedJsonReason(text: string): string {
  let forbidden: string | undefined
  try {
    JSON.parse(text, function (key, value: unknown) {
      if (key === '__proto__') forbidden ??= MSG.jsonProtoKey
      else if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')) {
        forbidden ??= MSG.jsonConstructorPrototype
      }
      return value
    })
  } catch (e) {
    return MSG.jsonInvalid(e instanceof Error ? e.message : String(e))
  }
  return forbidden ?? MSG.jsonInvalid('refused by the parser')
}

/** Fastify's "invalid JSON body" error (same code and status), with the reason as its message. */
function invalidJsonBody(text: string): Error {
  const error = new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()
  error.message = refusedJsonReason(text)
  return error
}

/** Replaces the instance's application/json parser; call it on the root instance before routes register. */
export function installJsonParser(app: FastifyInstance): void {
  // Fastify's default options: onProtoPoisoning and onConstructorPoisoning 'error'.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  // No bodyLimit given: Fastify applies the instance's (and a route's own bodyLimit still wins), as before.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (jsonDeeperThan(text, JSON_MAX_DEPTH)) {
      done(badRequest(MSG.jsonTooDeep(JSON_MAX_DEPTH)), undefined)
      return
    }
    parseJson(request, text, (error, value) => {
      if ((error as { code?: string } | null)?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') done(invalidJsonBody(text), undefined)
      else done(error, value)
    })
  })
}
