import { Copy } from 'lucide-react'
import { CODE_INLINE_MAX_CHARS, CODE_NO_LINE_NUMBERS, type CodeLanguage } from '../../../shared/constants'
import { press } from '../../commands-run'
import { bindingFor } from '../../model/app/keys/keymap'
import { IconButton, cx } from '../../ui'
import { tokens } from './code-tokens'

const LABELS: Record<CodeLanguage, string> = {
  js: 'JavaScript', ts: 'TypeScript', py: 'Python', sql: 'SQL', bash: 'Bash', sh: 'Shell', dart: 'Dart', csharp: 'C#', json: 'JSON', kotlin: 'Kotlin',
}

export interface CodeBlockProps {
  code: string
  lang: CodeLanguage
  /** the snippet's id on its page: the copy button runs api.docs.copy with it */
  snippet?: string
  /** shown instead of running: the snippet cannot run here */
  disabled?: boolean
}

/**
 * A snippet (spec 9): shorter than 70 characters on one line, inline; otherwise a block with line numbers
 * (none for bash and sh). The text is exactly the snippet's (numbers are CSS), so what is read or copied
 * from the page is what the model built.
 */
export function CodeBlock({ code, lang, snippet, disabled }: CodeBlockProps) {
  const copy = snippet && !disabled && (
    <IconButton
      label="Copy snippet"
      size="sm"
      icon={<Copy size={14} />}
      binding={bindingFor('api.docs.copy')}
      onClick={() => press('api.docs.copy', { snippet })}
    />
  )
  if (code.length < CODE_INLINE_MAX_CHARS && !code.includes('\n')) {
    return (
      <div className={cx('code-inline', disabled && 'code--disabled')} data-snippet={snippet} data-lang={lang}>
        <code className="code-inline__text">{code}</code>
        {copy}
      </div>
    )
  }
  const numbered = !CODE_NO_LINE_NUMBERS.includes(lang)
  const lines = code.split('\n')
  return (
    <div className={cx('code-block', disabled && 'code--disabled')} data-snippet={snippet} data-lang={lang}>
      <div className="code-block__bar">
        <span className="code-block__lang">{LABELS[lang]}</span>
        {copy}
      </div>
      <pre className={cx('code-block__pre', numbered && 'code-block__pre--numbered')}>
        <code className="code-block__text">
          {lines.map((line, i) => (
            <span key={i} className="code-line">
              {tokens(line, lang).map((t, j) => (t.kind === 'plain' ? t.text : <span key={j} className={`tok-${t.kind}`}>{t.text}</span>))}
              {i < lines.length - 1 ? '\n' : ''}
            </span>
          ))}
        </code>
      </pre>
    </div>
  )
}
