/**
 * A SCRAM-SHA-256 verifier for a role's password (RFC 5802, stored as Postgres stores it), so CREATE ROLE
 * carries the verifier and the password itself never reaches the server's statement logs or
 * pg_stat_statements. Only for printable ASCII, which SASLprep leaves as it is; other passwords go as text
 * so Postgres prepares them itself.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'

const ITERATIONS = 4096

export function scramVerifier(password: string): string | null {
  if (!/^[\x20-\x7e]+$/.test(password)) return null
  const salt = randomBytes(16)
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256')
  const clientKey = createHmac('sha256', salted).update('Client Key').digest()
  const storedKey = createHash('sha256').update(clientKey).digest()
  const serverKey = createHmac('sha256', salted).update('Server Key').digest()
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}
