import { Link } from '@tanstack/react-router'
import { Badge } from '../ui'

export interface AreaSidebarLink {
  /** React key: the item's route id */
  key: string
  label: string
  href: string
  badge?: 'BETA' | 'ALPHA'
}

export interface AreaSidebarSection {
  key: string
  heading: string
  links: AreaSidebarLink[]
}

/** An area's menu (Database, Authentication): a title, then sections of links, each a labelled nav. */
export function AreaSidebar({ title, label, sections }: { title: string; label: string; sections: AreaSidebarSection[] }) {
  return (
    <aside className="area-sidebar" aria-label={label}>
      <h2 className="area-sidebar__title">{title}</h2>
      {sections.map((section) => (
        <nav key={section.key} className="area-sidebar__section" aria-label={section.heading}>
          <p className="area-sidebar__heading">{section.heading}</p>
          {section.links.map((link) => (
            <Link
              key={link.key}
              to={link.href}
              className="area-link"
              activeOptions={{ includeSearch: false }}
              activeProps={{ className: 'area-link--active', 'aria-current': 'page' }}
            >
              <span className="area-link__label">{link.label}</span>
              {link.badge && <Badge tone={link.badge === 'ALPHA' ? 'warning' : 'info'}>{link.badge}</Badge>}
            </Link>
          ))}
        </nav>
      ))}
    </aside>
  )
}
