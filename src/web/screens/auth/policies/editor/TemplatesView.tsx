/**
 * The template gallery: the eight templates for this table. A usable one fills the editor; a preview
 * shows SQL that needs more than the table has, to read and adapt, not to apply.
 */
import { useMemo } from 'react'
import { useSnapshot } from 'valtio'
import { policyTemplates } from '../../../../../shared/policy-templates'
import { press } from '../../../../commands-run'
import { policyEditor } from '../../../../model/auth/policies/policy-editor-state'
import { PolicyTemplateList } from './PolicyTemplateList'
import { SqlField } from './SqlField'

export function TemplatesView() {
  const { target } = useSnapshot(policyEditor)
  const templates = useMemo(() => (target ? policyTemplates(target.schema, target.table) : []), [target])
  const items = useMemo(() => templates.map((t) => ({ id: t.id, name: t.templateName, commands: [t.command], preview: t.preview })), [templates])
  return (
    <PolicyTemplateList
      label="Policy templates"
      templates={items}
      previewNoteId="pol-preview-note"
      use={(id) => press('policies.editor.template.use', { templateId: id })}
      back="policies.editor.back"
      detail={(id) => {
        const t = templates.find((x) => x.id === id)!
        return (
          <>
            <p className="pol-template__description">{t.description}</p>
            {t.preview && (
              <p className="pol-notice pol-notice--warning" id="pol-preview-note">
                Preview only: this SQL needs more than the table has, so it cannot be applied here. Copy it into the SQL editor and adapt it.
              </p>
            )}
            <SqlField key={t.id} id="pol-template-sql" label={`SQL of ${t.templateName}`} value={t.statement} readOnly />
          </>
        )
      }}
    />
  )
}
