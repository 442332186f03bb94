/**
 * The template step both policy modals share: the templates on the left (ArrowUp / ArrowDown move, Enter
 * uses one), the focused one's details on the right, Back and 'Use this template' below. A preview-only
 * template can be read but not used.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react'
import type { CommandId } from '../../../../../../commands/all'
import { press } from '../../../../commands-run'
import { Badge, Button, cx } from '../../../../ui'

export interface TemplateItem {
  id: string
  name: string
  /** the SQL commands it makes */
  commands: readonly string[]
  /** shown to read, not to apply; `previewNoteId` names the note that says why */
  preview?: boolean
}

interface Props {
  label: string
  templates: readonly TemplateItem[]
  /** the details of the focused template */
  detail: (id: string) => ReactNode
  use: (id: string) => void
  back: CommandId
  previewNoteId?: string
}

function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus()
  e.preventDefault()
}

export function PolicyTemplateList({ label, templates, detail, use, back, previewNoteId }: Props) {
  const [focused, setFocused] = useState(templates[0]?.id)
  const shown = templates.find((t) => t.id === focused) ?? templates[0]
  return (
    <>
      <div className="ui-dialog__body pol-templates">
        <ul className="pol-templates__list" aria-label={label} onKeyDown={moveFocus}>
          {templates.map((t, i) => (
            <li key={t.id}>
              <button
                type="button"
                autoFocus={i === 0}
                className={cx('pol-template', t.id === shown?.id && 'pol-template--active')}
                aria-describedby={t.preview ? previewNoteId : undefined}
                onFocus={() => setFocused(t.id)}
                onMouseEnter={() => setFocused(t.id)}
                onClick={() => (t.preview ? setFocused(t.id) : use(t.id))}
              >
                <span className="pol-template__name">{t.name}</span>
                <span className="pol-template__badges">
                  {t.commands.map((c) => (
                    <Badge key={c} tone="info">{c}</Badge>
                  ))}
                  {t.preview && <Badge tone="warning">Preview</Badge>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {shown && <div className="pol-templates__detail">{detail(shown.id)}</div>}
      </div>
      <footer className="ui-dialog__footer">
        <Button variant="ghost" onClick={() => press(back)}>
          Back
        </Button>
        <Button variant="primary" disabled={!shown || shown.preview} onClick={() => shown && use(shown.id)}>
          Use this template
        </Button>
      </footer>
    </>
  )
}
