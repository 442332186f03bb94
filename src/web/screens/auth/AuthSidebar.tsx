import { Link, useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { DEFAULT_PROJECT_REF } from '../../../shared/constants'
import { isGranted } from '../../../shared/permissions'
import { useApi, useIsPlatform } from '../../commands-context'
import { useQuery } from '@tanstack/react-query'
import { authFeatures } from '../../model/auth/features'
import { AUTH_SECTION_LABELS, visibleAuthMenu, type AuthMenuItem } from '../../model/auth/menu'
import { permissionsQuery } from '../../model/project/project-queries'
import { Badge } from '../../ui'

/** The Authentication menu (model/auth/menu.ts): Manage (Users, Policies), then Configuration. */
export function AuthSidebar() {
  const { ref = DEFAULT_PROJECT_REF } = useParams({ strict: false })
  const grants = useQuery(permissionsQuery(useApi(), useIsPlatform())).data ?? []
  const flags = useSnapshot(authFeatures)
  const items = visibleAuthMenu((p) => isGranted(grants, p), flags)
  const sections = (['manage', 'configuration'] as const)
    .map((section) => ({ section, items: items.filter((i) => i.section === section) }))
    .filter((s) => s.items.length > 0)

  return (
    <aside className="area-sidebar" aria-label="Authentication menu">
      <h2 className="area-sidebar__title">Authentication</h2>
      {sections.map(({ section, items: shown }) => (
        <nav key={section} className="area-sidebar__section" aria-label={AUTH_SECTION_LABELS[section]}>
          <p className="area-sidebar__heading">{AUTH_SECTION_LABELS[section]}</p>
          {shown.map((item) => (
            <MenuLink key={item.route} item={item} projectRef={ref} />
          ))}
        </nav>
      ))}
    </aside>
  )
}

function MenuLink({ item, projectRef }: { item: AuthMenuItem; projectRef: string }) {
  return (
    <Link
      to={item.href(projectRef)}
      className="area-link"
      activeOptions={{ includeSearch: false }}
      activeProps={{ className: 'area-link--active', 'aria-current': 'page' }}
    >
      <span className="area-link__label">{item.label}</span>
      {item.badge && <Badge tone={item.badge === 'ALPHA' ? 'warning' : 'info'}>{item.badge}</Badge>}
    </Link>
  )
}
