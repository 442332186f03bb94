import { cx } from './cx'
import { CopyButton } from './CopyButton'

/** Snippets shorter than this render inline (spec section 9). */
const INLINE_BELOW = 70
const NO_LINE_NUMBERS = new Set(['bash', 'sh'])

export interface CodeBlockProps {
  code: string
  /** js, ts, py, sql, bash, dart, csharp, json, kotlin... */
  language?: string
  className?: string
}

/** Read-only code with a copy button; line numbers except for shell. */
export function CodeBlock({ code, language, className }: CodeBlockProps) {
  if (code.length < INLINE_BELOW && !code.includes('\n')) return <code className={cx('ui-code-inline', className)}>{code}</code>
  const numbered = !language || !NO_LINE_NUMBERS.has(language)
  const lines = code.replace(/\n$/, '').split('\n')
  return (
    <div className={cx('ui-code', className)}>
      <div className="ui-code__bar">
        <span className="ui-code__language">{language}</span>
        <CopyButton text={code} variant="ghost" />
      </div>
      <pre className="ui-code__pre">
        <code>
          {lines.map((line, i) => (
            <span key={i} className="ui-code__line">
              {numbered && <span className="ui-code__number" aria-hidden>{i + 1}</span>}
              {line || ' '}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
    </div>
  )
}
