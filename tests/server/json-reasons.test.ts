/**
 * A refused JSON body says why (issue 12): a "__proto__" key (or constructor.prototype) is still refused,
 * but with a 400 naming the key, and a malformed body with the syntax error, in the contract's error shape
 * ({ message, code }), on every JSON route; nothing is created from a refused body.
 */
import { describe, expect, it } from 'vitest'
import type { SnippetContent } from '../../src/shared/content'
import { MSG } from '../../src/shared/messages'
import { refusedJsonReason } from '../../src/server/json-body'
import { targets } from '../support/context'
import { client, REF, unique } from './support/http'

describe('the reason a JSON body is refused', () => {
  it('names the forbidden key, or gives the syntax error', () => {
    expect(refusedJsonReason('{"__proto__":{"admin":true}}')).toBe(MSG.jsonProtoKey)
    expect(refusedJsonReason('{"a":[{"b":1},{"\\u005f_proto__":{"admin":true}}]}')).toBe(MSG.jsonProtoKey)
    expect(refusedJsonReason('{"constructor":{"prototype":{"admin":true}}}')).toBe(MSG.jsonConstructorPrototype)
    const syntax = (() => {
      try {
        return JSON.parse('{bad') as never
      } catch (e) {
        return (e as Error).message
      }
    })()
    expect(refusedJsonReason('{bad')).toBe(MSG.jsonInvalid(syntax))
  })
})

describe.each(targets())('JSON bodies refused with their reason on $name', (target) => {
  const http = client(target.url)
  const routes: [string, string][] = [
    ['POST', `/platform/projects/${REF}/content`],
    ['PATCH', `/platform/projects/${REF}/content?id=00000000-0000-4000-8000-000000000000`],
    ['POST', `/platform/pg-meta/${REF}/query`],
    ['POST', '/api/ai/sql/title'],
  ]

  it('answers a "__proto__" key with 400 and the reason, on every JSON route', async () => {
    for (const [method, path] of routes) {
      const res = await http.send(method, path, '{"type":"sql","name":"x","content":{"sql":"select 1","__proto__":{"admin":true}}}')
      expect({ route: `${method} ${path}`, ...res }).toEqual({ route: `${method} ${path}`, status: 400, body: { message: MSG.jsonProtoKey, code: 400 } })
    }
  })

  it('creates nothing from a poisoned body, and accepts the same body without the key', async () => {
    const name = unique('proto')
    const body = (extra: string) => `{"type":"sql","name":"${name}","visibility":"user","content":{"sql":"select 1","favorite":false,"schema_version":"1.0"${extra}}}`
    const refused = await http.send('POST', `/platform/projects/${REF}/content`, body(',"__proto__":{"favorite":true}'))
    expect(refused).toEqual({ status: 400, body: { message: MSG.jsonProtoKey, code: 400 } })
    const named = async () => (await http.api.contents<SnippetContent>(REF, 'sql')).data.filter((s) => s.name === name)
    expect(await named()).toEqual([])
    const accepted = await http.send('POST', `/platform/projects/${REF}/content`, body(''))
    expect(accepted.status).toBe(201)
    expect(await named()).toHaveLength(1)
    await http.api.deleteContents(REF, [accepted.body.id as string])
  })

  it('answers constructor.prototype and malformed JSON with the reason too', async () => {
    const path = `/platform/pg-meta/${REF}/query`
    expect(await http.send('POST', path, '{"query":"select 1","constructor":{"prototype":{"x":1}}}')).toEqual({
      status: 400, body: { message: MSG.jsonConstructorPrototype, code: 400 },
    })
    const malformed = await http.send('POST', path, '{"query": select 1}')
    expect(malformed.status).toBe(400)
    expect(malformed.body.code).toBe(400)
    expect(malformed.body.message).toMatch(/^The body is not valid JSON: \S/)
    expect(malformed.body.message).not.toContain("content-type is set to 'application/json'")
  })
})
