/**
 * The role password verifier plays the server's side of a SCRAM-SHA-256 login against the pg client's own
 * implementation: the right password proves itself against StoredKey and the client accepts the server's
 * signature made with ServerKey; a wrong one does not prove itself.
 */
import { createHash, createHmac } from 'node:crypto'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { scramVerifier } from '../../src/server/pgmeta/scram'

interface Session { clientNonce: string; response: string }
const sasl = createRequire(import.meta.url)('pg/lib/crypto/sasl.js') as {
  startSession(mechanisms: string[]): Session
  continueSession(session: Session, password: string, serverData: string): Promise<void>
  finalizeSession(session: Session, serverData: string): void
}

/** Logs in with `password` against `verifier` as Postgres would; whether the client's proof holds. */
async function login(verifier: string, password: string): Promise<boolean> {
  const [, iterationsAndSalt, keys] = verifier.split('$') as [string, string, string]
  const [iterations, salt] = iterationsAndSalt.split(':')
  const [storedKey, serverKey] = keys.split(':').map((k) => Buffer.from(k, 'base64')) as [Buffer, Buffer]
  const session = sasl.startSession(['SCRAM-SHA-256'])
  const serverFirst = `r=${session.clientNonce}srv,s=${salt},i=${iterations}`
  await sasl.continueSession(session, password, serverFirst)
  const [withoutProof, proof] = session.response.split(',p=') as [string, string]
  const authMessage = `n=*,r=${session.clientNonce},${serverFirst},${withoutProof}`
  const signature = createHmac('sha256', storedKey).update(authMessage).digest()
  const clientKey = Buffer.from(proof, 'base64').map((b, i) => b ^ signature[i]!)
  if (!createHash('sha256').update(clientKey).digest().equals(storedKey)) return false
  sasl.finalizeSession(session, `v=${createHmac('sha256', serverKey).update(authMessage).digest('base64')}`)
  return true
}

describe('scramVerifier', () => {
  it('makes a verifier the password logs in with, and another password does not', async () => {
    const verifier = scramVerifier("s3cret'pw x~!")!
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/)
    expect(await login(verifier, "s3cret'pw x~!")).toBe(true)
    expect(await login(verifier, 's3cret')).toBe(false)
    expect(scramVerifier("s3cret'pw x~!")).not.toBe(verifier) // a fresh salt each time
  })

  it('leaves passwords SASLprep would change to Postgres', () => {
    expect(scramVerifier('pässword')).toBeNull()
    expect(scramVerifier('tab\there')).toBeNull()
  })
})
