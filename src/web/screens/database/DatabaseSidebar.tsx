import { useParams } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { useApi } from '../../commands-context'
import { extensionsQuery, installedExtensions } from '../../model/database/extensions-query'
import { DATABASE_SECTION_LABELS, visibleDatabaseMenu, type DatabaseSection } from '../../model/database/menu'
import { AreaSidebar } from '../../shell/AreaSidebar'

const SECTIONS: DatabaseSection[] = ['manage', 'access', 'platform']

/** The Database menu (model/database/menu.ts), in three groups; Webhooks only with pg_net installed. */
export function DatabaseSidebar() {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  const extensions = useQuery(extensionsQuery(useApi(), ref)).data
  const items = visibleDatabaseMenu(installedExtensions(extensions))
  const sections = SECTIONS.map((section) => ({
    key: section,
    heading: DATABASE_SECTION_LABELS[section],
    links: items
      .filter((item) => item.section === section)
      .map((item) => ({ key: item.route, label: item.label, href: item.href(ref) })),
  }))
  return <AreaSidebar title="Database" label="Database menu" sections={sections} />
}
