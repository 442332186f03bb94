import { TEMPLATES } from '../../../model/sql-editor/templates/templates'
import { TemplateGallery } from './TemplateGallery'

/** /project/{ref}/sql/templates */
export function TemplatesPage() {
  return (
    <TemplateGallery
      title="Templates"
      intro="Scripts for everyday jobs. Choose one to open it as a new query, then adapt the table names to yours (the examples use public.notes, which the first template creates)."
      templates={TEMPLATES}
    />
  )
}
