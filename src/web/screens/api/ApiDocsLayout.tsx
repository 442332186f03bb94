import { Outlet } from '@tanstack/react-router'
import { ApiDocsSidebar } from './ApiDocsSidebar'
import './api-docs.css'

/** /project/{ref}/api: the API docs menu beside the open page (a guide, a table, a function, GraphiQL). */
export function ApiDocsLayout() {
  return (
    <div className="area-layout">
      <ApiDocsSidebar />
      <section className="area-main">
        <Outlet />
      </section>
    </div>
  )
}
