import { Outlet } from '@tanstack/react-router'
import { AuthSidebar } from './AuthSidebar'
import './auth.css'

/** /project/{ref}/auth: the Authentication menu beside the open page. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <AuthSidebar />
      <section className="auth-main">
        <Outlet />
      </section>
    </div>
  )
}
