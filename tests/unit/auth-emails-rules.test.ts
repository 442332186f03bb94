/** The Emails page's pure rules: a mail's links (http and https only, entities decoded), its action link, neighbours, the frame's document. */
import { describe, expect, it } from 'vitest'
import type { OutboxMail } from '../../src/shared/auth'
import { actionLink, decodeEntities, mailDocument, mailLinks, neighbourMail } from '../../src/web/model/auth/emails-rules'

const mail = (id: string): OutboxMail => ({ id, created_at: '', to: '', subject: '', html: '', kind: 'magic_link', status: 'kept', error: null })

describe('emails rules', () => {
  it('finds the http(s) links of a mail, decoded, each once, never a javascript: one', () => {
    const html = `<p><a href="https://x.test/auth/v1/verify?token=a&amp;type=magiclink">Log <b>In</b></a></p>
      <a href='javascript:alert(1)'>evil</a><a href="https://site.test/">https://site.test/</a>
      <a href="https://x.test/auth/v1/verify?token=a&amp;type=magiclink">again</a><a href=http://plain.test/x>plain</a>`
    expect(mailLinks(html)).toEqual([
      { href: 'https://x.test/auth/v1/verify?token=a&type=magiclink', text: 'Log In' },
      { href: 'https://site.test/', text: 'https://site.test/' },
      { href: 'http://plain.test/x', text: 'plain' },
    ])
    expect(actionLink(html)?.href).toBe('https://x.test/auth/v1/verify?token=a&type=magiclink')
    expect(actionLink('<a href="https://only.test/">x</a>')?.href).toBe('https://only.test/')
    expect(actionLink('<p>no links</p>')).toBeNull()
    expect(decodeEntities('&#34;a&#39; &#x2F; &lt;&gt; &unknown;')).toBe(`"a' / <> &unknown;`)
  })

  it('steps to the older and newer mail, the newest when none is open', () => {
    const mails = [mail('a'), mail('b'), mail('c')]
    expect(neighbourMail(mails, 'a', 1)?.id).toBe('b')
    expect(neighbourMail(mails, 'b', -1)?.id).toBe('a')
    expect(neighbourMail(mails, 'c', 1)).toBeNull()
    expect(neighbourMail(mails, 'a', -1)).toBeNull()
    expect(neighbourMail(mails, undefined, 1)?.id).toBe('a')
    expect(neighbourMail([], undefined, 1)).toBeNull()
  })

  it('frames the mail under a policy with no script and links opening in a new tab', () => {
    const doc = mailDocument('<p>hi</p><script>alert(1)</script>')
    expect(doc).toContain(`content="default-src 'none';`)
    expect(doc).not.toMatch(/script-src/)
    expect(doc).toContain('<base target="_blank">')
    expect(doc).toContain('<body><p>hi</p>')
  })
})
