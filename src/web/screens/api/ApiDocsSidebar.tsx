import { Link, useLocation, useSearch } from '@tanstack/react-router'
import { apiDocsMenu, activeMenuId, type ApiDocsMenuItem } from '../../model/api/menu'
import { apiDocsSearchSchema, apiDocsView } from '../../model/api/search'
import { cx } from '../../ui'
import { useApiDocs } from './useApiDocs'

/** The API docs menu (model/api/menu.ts): guides, then each table, view and function, GraphiQL, storage. */
export function ApiDocsSidebar() {
  const docs = useApiDocs()
  const pathname = useLocation({ select: (l) => l.pathname })
  const search = apiDocsSearchSchema.parse(useSearch({ strict: false }))
  const active = activeMenuId(pathname.endsWith('/graphiql') ? 'graphiql' : apiDocsView(search))
  const sections = apiDocsMenu({ authEnabled: docs.authEnabled, resources: docs.resources, functions: docs.functions })

  return (
    <aside className="area-sidebar" aria-label="API docs menu">
      <h2 className="area-sidebar__title">API Docs</h2>
      {sections.map((section) => (
        <nav key={section.title} className="area-sidebar__section" aria-label={section.title}>
          <p className="area-sidebar__heading">{section.title}</p>
          {section.items.map((item) => (
            <MenuLink key={item.id} item={item} projectRef={docs.ref} active={item.id === active} />
          ))}
          {section.note && <p className="apidocs-sidebar__note">{section.note}</p>}
        </nav>
      ))}
    </aside>
  )
}

function MenuLink({ item, projectRef, active }: { item: ApiDocsMenuItem; projectRef: string; active: boolean }) {
  const code = item.id.startsWith('resource:') || item.id.startsWith('rpc:')
  return (
    <Link
      to={item.href(projectRef)}
      className={cx('area-link', active && 'area-link--active', code && 'area-link--code')}
      aria-current={active ? 'page' : undefined}
    >
      <span className="area-link__label">{item.label}</span>
    </Link>
  )
}
