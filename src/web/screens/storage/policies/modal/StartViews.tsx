/** The modal's first views: start from a template or from scratch; the five storage templates. */
import { useState, type KeyboardEvent } from 'react'
import { FilePlus2, LayoutTemplate } from 'lucide-react'
import { STORAGE_OPERATIONS, STORAGE_POLICY_TEMPLATES, sqlCommandsFor } from '../../../../../shared/storage-policies'
import { press } from '../../../../commands-run'
import { Badge, Button, cx } from '../../../../ui'
import { SqlField } from '../../../auth/policies/editor/SqlField'

export function SelectionView() {
  return (
    <div className="ui-dialog__body pol-selection">
      <button type="button" className="pol-choice" autoFocus onClick={() => press('storage.policies.modal.start', { from: 'templates' })}>
        <LayoutTemplate size={22} />
        <span className="pol-choice__title">From a template</span>
        <span className="pol-muted">Public JPG images, a folder per user, a folder for signed-in users, one user&apos;s folder or file…</span>
      </button>
      <button type="button" className="pol-choice" onClick={() => press('storage.policies.modal.start', { from: 'scratch' })}>
        <FilePlus2 size={22} />
        <span className="pol-choice__title">From scratch</span>
        <span className="pol-muted">Choose the operations, roles and definition yourself.</span>
      </button>
    </div>
  )
}

/** ArrowUp / ArrowDown move between the templates. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
  const buttons = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button')]
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
  buttons[Math.max(0, Math.min(buttons.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus()
  e.preventDefault()
}

export function TemplatesView() {
  const [focused, setFocused] = useState(STORAGE_POLICY_TEMPLATES[0]!.id)
  const shown = STORAGE_POLICY_TEMPLATES.find((t) => t.id === focused) ?? STORAGE_POLICY_TEMPLATES[0]!
  const use = (id: string) => press('storage.policies.modal.template', { templateId: id })
  return (
    <>
      <div className="ui-dialog__body pol-templates">
        <ul className="pol-templates__list" aria-label="Storage policy templates" onKeyDown={moveFocus}>
          {STORAGE_POLICY_TEMPLATES.map((t, i) => (
            <li key={t.id}>
              <button
                type="button"
                autoFocus={i === 0}
                className={cx('pol-template', t.id === shown.id && 'pol-template--active')}
                onFocus={() => setFocused(t.id)}
                onMouseEnter={() => setFocused(t.id)}
                onClick={() => use(t.id)}
              >
                <span className="pol-template__name">{t.templateName}</span>
                <span className="pol-template__badges">
                  {sqlCommandsFor(t.operations).map((c) => (
                    <Badge key={c} tone="info">{c}</Badge>
                  ))}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="pol-templates__detail">
          <p className="pol-template__description">{shown.description}</p>
          <p className="pol-muted">
            Allows: {shown.operations.map((o) => STORAGE_OPERATIONS[o].label).join(', ')} · for {shown.roles.join(', ') || 'public'}
          </p>
          <SqlField key={shown.id} id="spol-template-sql" label={`Definition of ${shown.templateName}`} value={shown.definition} readOnly />
        </div>
      </div>
      <footer className="ui-dialog__footer">
        <Button variant="ghost" onClick={() => press('storage.policies.modal.back')}>
          Back
        </Button>
        <Button variant="primary" onClick={() => use(shown.id)}>
          Use this template
        </Button>
      </footer>
    </>
  )
}
