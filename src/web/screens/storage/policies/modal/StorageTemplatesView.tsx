/** The modal's template step: the five storage templates (spec 9). */
import { STORAGE_OPERATIONS, STORAGE_POLICY_TEMPLATES, sqlCommandsFor } from '../../../../../shared/storage-policies'
import { press } from '../../../../commands-run'
import { PolicyTemplateList } from '../../../auth/policies/editor/PolicyTemplateList'
import { SqlField } from '../../../auth/policies/editor/SqlField'

const TEMPLATE_ITEMS = STORAGE_POLICY_TEMPLATES.map((t) => ({ id: t.id, name: t.templateName, commands: sqlCommandsFor(t.operations) }))

export function StorageTemplatesView() {
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
