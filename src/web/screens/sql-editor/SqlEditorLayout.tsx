import { Outlet } from '@tanstack/react-router'
import { SnippetList } from './snippets/SnippetList'
import './sql-editor.css'

/** /project/{ref}/sql: the snippet list beside the open snippet (or the templates). */
export function SqlEditorLayout() {
  return (
    <div className="sql-layout">
      <SnippetList />
      <section className="sql-main">
        <Outlet />
      </section>
    </div>
  )
}
