/**
 * A light highlighter for the docs' snippets: strings, comments, numbers and a few keywords of JavaScript
 * and shell, token by token, so the text itself stays exactly the snippet's.
 */
export type TokenKind = 'string' | 'comment' | 'keyword' | 'number' | 'plain'

const JS = /(\/\/.*$)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)|\b(const|let|await|async|import|from|new|return|null|true|false)\b|\b(\d+(?:\.\d+)?)\b/g
const SHELL = /(^\s*#.*$)|('(?:[^'])*'|"(?:[^"\\]|\\.)*")|(^curl\b|^npm\b|\s-[A-Za-z]\b|\s--[a-z-]+)|\b(\d+)\b/g

export function tokens(line: string, lang: string): { text: string; kind: TokenKind }[] {
  const re = lang === 'bash' || lang === 'sh' ? SHELL : JS
  const out: { text: string; kind: TokenKind }[] = []
  let at = 0
  re.lastIndex = 0
  for (let m = re.exec(line); m; m = re.exec(line)) {
    if (m[0] === '') {
      re.lastIndex++
      continue
    }
    if (m.index > at) out.push({ text: line.slice(at, m.index), kind: 'plain' })
    const kind: TokenKind = m[1] ? 'comment' : m[2] ? 'string' : m[3] ? 'keyword' : 'number'
    out.push({ text: m[0], kind })
    at = m.index + m[0].length
  }
  if (at < line.length) out.push({ text: line.slice(at), kind: 'plain' })
  return out
}
