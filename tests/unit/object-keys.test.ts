/** objectKeyProblem: keys that could leave the bucket or spoof another name are refused; every script's letters pass. */
import { describe, expect, it } from 'vitest'
import { MSG } from '../../src/shared/messages'
import { objectKeyProblem } from '../../src/shared/storage'

const at = (cp: number) => `docs/inv${String.fromCodePoint(cp)}oice.pdf`
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`

describe('objectKeyProblem', () => {
  it('accepts ordinary keys in any script, with emoji, spaces and S3-safe punctuation', () => {
    for (const key of [
      'a.txt', 'folder/sub/file.png', 'ünïcödé/fïlé.txt', '日本語/ファイル.txt', 'مرحبا.txt', 'עברית.pdf',
      'photo 😀.jpg', 'x (1).txt', "it's!*+,;=@&$:?.txt", 'e\u0301.txt', '.env', 'a..b',
    ]) {
      expect(objectKeyProblem(key), key).toBeNull()
    }
  })

  it('refuses C0 controls, DEL and the C1 controls', () => {
    for (const cp of [0x00, 0x09, 0x0a, 0x1f, 0x7f, 0x80, 0x85, 0x9f]) {
      expect(objectKeyProblem(at(cp)), hex(cp)).toBe(MSG.objectKeyInvalid(at(cp)))
    }
  })

  it('refuses the bidi controls that make a name read as another', () => {
    const bidi = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]
    for (const cp of bidi) expect(objectKeyProblem(at(cp)), hex(cp)).toBe(MSG.objectKeyInvalid(at(cp)))
    // the classic: "invoice‮fdp.exe" shows as "invoiceexe.pdf"
    expect(objectKeyProblem('invoice\u202efdp.exe')).toBe(MSG.objectKeyInvalid('invoice\u202efdp.exe'))
  })

  it('refuses invisible format characters and line separators', () => {
    const invisible = [0x00ad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2028, 0x2029, 0x2060, 0x2064, 0xfeff, 0xfff9, 0xe0041]
    for (const cp of invisible) expect(objectKeyProblem(at(cp)), hex(cp)).toBe(MSG.objectKeyInvalid(at(cp)))
  })

  it('refuses a lone surrogate, which UTF-8 cannot carry, but not a pair', () => {
    expect(objectKeyProblem('a\ud800b')).toBe(MSG.objectKeyInvalid('a\ud800b'))
    expect(objectKeyProblem('a\udc00')).toBe(MSG.objectKeyInvalid('a\udc00'))
    expect(objectKeyProblem('a\ud83d\ude00')).toBeNull()
  })

  it('still refuses keys that try to leave the bucket', () => {
    for (const key of ['', '/abs', 'a\\b', '../x', 'a/../x', '%2e%2e/x', 'a//b', './x', 'a/.', 'x'.repeat(1025)]) {
      expect(objectKeyProblem(key), key).toBe(MSG.objectKeyInvalid(key))
    }
  })
})
