import { useParams } from '@tanstack/react-router'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { isGranted, type Grant } from '../../../shared/permissions'
import { useIsPlatform } from '../../commands-context'
import { LOGS_SECTION_LABELS, visibleLogsMenu, type LogsSection } from '../../model/logs/menu'
import { AreaSidebar } from '../../shell/AreaSidebar'

const SECTIONS: LogsSection[] = ['explorer', 'sources']

/** The Logs menu (model/logs/menu.ts): the explorer's pages, then the sources this user has the products of. */
export function LogsSidebar({ grants }: { grants: readonly Grant[] }) {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  const items = visibleLogsMenu((p) => isGranted(grants, p), useIsPlatform())
  const sections = SECTIONS.map((section) => ({
    key: section,
    heading: LOGS_SECTION_LABELS[section],
    links: items.filter((item) => item.section === section).map((item) => ({ key: item.route, label: item.label, href: item.href(ref) })),
  }))
  return <AreaSidebar title="Logs" label="Logs menu" sections={sections} />
}
