import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { isGranted } from '../../../shared/permissions'
import { useApi, useIsPlatform } from '../../commands-context'
import { useQuery } from '@tanstack/react-query'
import { authFeatures } from '../../model/auth/features'
import { AUTH_SECTION_LABELS, visibleAuthMenu } from '../../model/auth/menu'
import { permissionsQuery } from '../../model/project/project-queries'
import { AreaSidebar } from '../../shell/AreaSidebar'

/** The Authentication menu (model/auth/menu.ts): Manage (Users, Policies), then Configuration. */
export function AuthSidebar() {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  const grants = useQuery(permissionsQuery(useApi(), useIsPlatform())).data ?? []
  const flags = useSnapshot(authFeatures)
  const items = visibleAuthMenu((p) => isGranted(grants, p), flags)
  const sections = (['manage', 'configuration'] as const)
    .map((section) => ({
      key: section,
      heading: AUTH_SECTION_LABELS[section],
      links: items
        .filter((i) => i.section === section)
        .map((item) => ({ key: item.route, label: item.label, href: item.href(ref), badge: item.badge })),
    }))
    .filter((s) => s.links.length > 0)
  return <AreaSidebar title="Authentication" label="Authentication menu" sections={sections} />
}
