/**
 * The template gallery: the eight templates for this table. A usable one fills the editor; a preview
 * shows SQL that needs more than the table has, to read and adapt, not to apply.
 */
import { useMemo, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { policyTemplates } from '../../../../../shared/policy-templates'
import { press } from '../../../../commands-run'
import { Badge, Button, cx } from '../../../../ui'
import { policyEditor } from '../policy-editor-state'
import { SqlField } from './SqlField'

/** ArrowUp / ArrowDown move between the templates. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus()
  e.preventDefault()
}

export function TemplatesView() {
  const { target } = useSnapshot(policyEditor)
  const templates = useMemo(() => (target ? policyTemplates(target.schema, target.table) : []), [target])
  const [focused, setFocused] = useState(templates[0]?.id)
  const shown = templates.find((t) => t.id === focused) ?? templates[0]
  const use = (id: string) => press('policies.editor.template.use', { templateId: id })

  return (
    <>
      <div className="ui-dialog__body pol-templates">
        <ul className="pol-templates__list" aria-label="Policy templates" onKeyDown={moveFocus}>
          {templates.map((t, i) => (
            <li key={t.id}>
              <button
                type="button"
                autoFocus={i === 0}
                className={cx('pol-template', t.id === shown?.id && 'pol-template--active')}
                aria-describedby={t.preview ? 'pol-preview-note' : undefined}
                onFocus={() => setFocused(t.id)}
                onMouseEnter={() => setFocused(t.id)}
                onClick={() => (t.preview ? setFocused(t.id) : use(t.id))}
              >
                <span className="pol-template__name">{t.templateName}</span>
                <span className="pol-template__badges">
                  <Badge tone="info">{t.command}</Badge>
                  {t.preview && <Badge tone="warning">Preview</Badge>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {shown && (
          <div className="pol-templates__detail">
            <p className="pol-template__description">{shown.description}</p>
            {shown.preview && (
              <p className="pol-notice pol-notice--warning" id="pol-preview-note">
                Preview only: this SQL needs more than the table has, so it cannot be applied here. Copy it into the SQL editor and adapt it.
              </p>
            )}
            <SqlField key={shown.id} id="pol-template-sql" label={`SQL of ${shown.templateName}`} value={shown.statement} readOnly />
          </div>
        )}
      </div>
      <footer className="ui-dialog__footer">
        <Button variant="ghost" onClick={() => press('policies.editor.back')}>
          Back
        </Button>
        <Button variant="primary" disabled={!shown || shown.preview} onClick={() => shown && use(shown.id)}>
          Use this template
        </Button>
      </footer>
    </>
  )
}
