import { Outlet } from '@tanstack/react-router'
import { ApiDocsSidebar } from './ApiDocsSidebar'
import './api-docs.css'

/** /project/{ref}/api: the API docs menu beside the open page (a guide, a table, a function, GraphiQL). */
export function ApiDocsLayout() {
  return (
    <div className="apidocs-layout">
      <ApiDocsSidebar />
      <section className="apidocs-main">
        <Outlet />
      </section>
    </div>
  )
}
