/**
 * Users' passwords: stored as argon2id (@node-rs/argon2's defaults: m=19456 KiB, t=2, p=1, as OWASP
 * advises), and verified as argon2 or bcrypt ($2a$/$2b$/$2y$, as GoTrue stores them), so users imported
 * from a Supabase project keep their passwords. The strength rules are GoTrue's: a minimum length, the
 * required character sets, and at most 72 characters (bcrypt's limit, which GoTrue applies to all).
 */
import { hash, verify } from '@node-rs/argon2'
import bcrypt from 'bcryptjs'
import type { AuthConfig } from '../../shared/auth'
import { AuthError, validationFailed } from './errors'

export const PASSWORD_MAX_LENGTH = 72

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

/** A hash made once, checked against when the user does not exist, so both answers take as long. */
let dummy: Promise<string> | undefined

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (password.length > PASSWORD_MAX_LENGTH * 4) return false // never hash a 10 KB "password"
  if (!stored) {
    await verify(await (dummy ??= hash('not a password')), password).catch(() => false)
    return false
  }
  try {
    if (/^\$2[aby]\$/.test(stored)) return await bcrypt.compare(password, stored)
    if (stored.startsWith('$argon2')) return await verify(stored, password)
  } catch {
    return false
  }
  return false
}

/** Throws GoTrue's weak_password (422, with reasons) or validation_failed when the password breaks a rule. */
export function checkPassword(password: unknown, config: AuthConfig): string {
  if (typeof password !== 'string') throw validationFailed('Password is required')
  if (password.length > PASSWORD_MAX_LENGTH) throw validationFailed(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`)
  const reasons: string[] = []
  const messages: string[] = []
  if (password.length < config.PASSWORD_MIN_LENGTH) {
    reasons.push('length')
    messages.push(`Password should be at least ${config.PASSWORD_MIN_LENGTH} characters.`)
  }
  const sets = config.PASSWORD_REQUIRED_CHARACTERS.split(':').filter(Boolean)
  if (sets.some((set) => ![...set].some((c) => password.includes(c)))) {
    reasons.push('characters')
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`)
  }
  if (reasons.length) throw new AuthError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } })
  return password
}
