/**
 * The Emails page's pure rules: what a mail's kind and status are called, the links a mail holds (only
 * http and https ones: a mail's `javascript:` link is never opened), the link that acts (the service's
 * verify link of a magic link, invite, confirmation or recovery mail), the mail before and after one, and
 * the document the reading pane shows: the mail's HTML in a sandboxed frame that runs no script, loads
 * nothing but images and opens its links in a new tab.
 */
import type { OutboxMail } from '../../../shared/auth'

export const KIND_LABELS: Record<string, string> = {
  confirmation: 'Confirm signup',
  invite: 'Invite',
  magic_link: 'Magic link',
  recovery: 'Password recovery',
  email_change: 'Email change',
  reauthentication: 'Reauthentication',
}
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind

export const STATUS_LABELS: Record<OutboxMail['status'], string> = { kept: 'Kept', sent: 'Sent', failed: 'Failed' }
/** What each status means, for its badge's title. */
export const STATUS_HINTS: Record<OutboxMail['status'], string> = {
  kept: 'Kept here only: no SMTP server is configured, so the mail was not delivered',
  sent: 'Delivered to the SMTP server',
  failed: 'The SMTP server refused the mail',
}

export interface MailLink {
  href: string
  /** the link's text, tags stripped */
  text: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }
/** Text of HTML with its character references decoded (&amp;, &#39;, &#x2F;…). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[ref.toLowerCase()] ?? whole
  })
}

const ANCHOR = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi

/** The http(s) links of a mail's HTML, in order, each once. */
export function mailLinks(html: string): MailLink[] {
  const links: MailLink[] = []
  for (const m of html.matchAll(ANCHOR)) {
    const href = decodeEntities((m[1] ?? m[2] ?? m[3] ?? '').trim())
    if (!/^https?:\/\//i.test(href) || links.some((l) => l.href === href)) continue
    const text = decodeEntities((m[4] ?? '').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim()
    links.push({ href, text: text || href })
  }
  return links
}

/** The link the mail is for: the auth service's verify link, else its first link; null when it has none. */
export function actionLink(html: string): MailLink | null {
  const links = mailLinks(html)
  return links.find((l) => /\/auth\/v1\/verify\b/.test(l.href)) ?? links[0] ?? null
}

/** The mail `step` places after (1: older) or before (-1: newer) the one with `id`; the first when none is open. */
export function neighbourMail(mails: readonly OutboxMail[], id: string | undefined, step: 1 | -1): OutboxMail | null {
  if (mails.length === 0) return null
  const at = id ? mails.findIndex((m) => m.id === id) : -1
  if (at < 0) return mails[0]!
  return mails[at + step] ?? null
}

const FRAME_CSP = "default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'; font-src data: https:"
const FRAME_STYLE =
  'body{margin:0;padding:20px 24px;font:14px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1c1c;background:#fff;word-wrap:break-word}' +
  'a{color:#1a73e8}img{max-width:100%}'

/**
 * The reading pane's document: the mail's HTML under a policy that allows no script, no request but
 * images, and a <base> that opens every link in a new tab. The frame that shows it is sandboxed besides
 * (no scripts, no same origin; popups allowed, so the links open).
 */
export function mailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">` +
    `<base target="_blank"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`
}

/** A short time of a mail: today's by the clock, older ones by the date. */
export function mailTime(iso: string, now = new Date()): string {
  const d = new Date(iso)
  const sameDay = d.toDateString() === now.toDateString()
  return sameDay
    ? d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString('en-GB', { month: 'short', day: 'numeric', year: d.getFullYear() === now.getFullYear() ? undefined : 'numeric' })
}
