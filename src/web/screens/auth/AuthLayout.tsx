import { Outlet } from '@tanstack/react-router'
import { AuthSidebar } from './AuthSidebar'

/** /project/{ref}/auth: the Authentication menu beside the open page. */
export function AuthLayout() {
  return (
    <div className="area-layout">
      <AuthSidebar />
      <section className="area-main">
        <Outlet />
      </section>
    </div>
  )
}
