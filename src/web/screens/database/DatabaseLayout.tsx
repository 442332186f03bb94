import { Outlet } from '@tanstack/react-router'
import { DatabaseSidebar } from './DatabaseSidebar'
import './database.css'

/** /project/{ref}/database: the Database menu beside the open page. */
export function DatabaseLayout() {
  return (
    <div className="area-layout db-area">
      <DatabaseSidebar />
      <section className="area-main">
        <Outlet />
      </section>
    </div>
  )
}
