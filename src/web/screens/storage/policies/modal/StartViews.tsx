/** The modal's first views: start from a template or from scratch; the five storage templates. */
import { FilePlus2, LayoutTemplate } from 'lucide-react'
import { STORAGE_OPERATIONS, STORAGE_POLICY_TEMPLATES, sqlCommandsFor } from '../../../../../shared/storage-policies'
import { press } from '../../../../commands-run'
import { PolicyTemplateList } from '../../../auth/policies/editor/PolicyTemplateList'
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

const TEMPLATE_ITEMS = STORAGE_POLICY_TEMPLATES.map((t) => ({ id: t.id, name: t.templateName, commands: sqlCommandsFor(t.operations) }))

export function TemplatesView() {
  return (
    <PolicyTemplateList
      label="Storage policy templates"
      templates={TEMPLATE_ITEMS}
      use={(id) => press('storage.policies.modal.template', { templateId: id })}
      back="storage.policies.modal.back"
      detail={(id) => {
        const t = STORAGE_POLICY_TEMPLATES.find((x) => x.id === id)!
        return (
          <>
            <p className="pol-template__description">{t.description}</p>
            <p className="pol-muted">
              Allows: {t.operations.map((o) => STORAGE_OPERATIONS[o].label).join(', ')} · for {t.roles.join(', ') || 'public'}
            </p>
            <SqlField key={t.id} id="spol-template-sql" label={`Definition of ${t.templateName}`} value={t.definition} readOnly />
          </>
        )
      }}
    />
  )
}
