import { QUICKSTARTS } from '../../../model/sql-editor/templates/quickstarts'
import { TemplateGallery } from './TemplateGallery'

/** /project/{ref}/sql/quickstarts */
export function QuickstartsPage() {
  return (
    <TemplateGallery
      title="Quickstarts"
      intro="Small example schemas with keys, indexes, row level security and sample rows. Each goes into its own schema; run it, then browse the tables in the Table Editor."
      templates={QUICKSTARTS}
    />
  )
}
