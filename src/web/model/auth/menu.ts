/**
 * The Authentication area's side menu (spec 5, Authentication: /project/{ref}/auth/…), in the spec's order:
 * Users and Policies, then the settings pages, which need project_auth:all (spec 6) and the server enforces
 * it; the spec keeps those platform-only because a self-hosted Supabase studio cannot configure its auth
 * server, while this studio runs the auth service itself, so they show in both modes. Column privileges
 * is ALPHA and shown only with its feature flag on (features.ts).
 */
import type { PermissionName } from '../../../shared/permissions'
import { paths, type RouteId } from '../../../shared/routes'

export interface AuthMenuItem {
  label: string
  route: RouteId
  href: (ref: string) => string
  /** the navigation command (⌘K, key binding) */
  command: string
  section: 'manage' | 'configuration'
  /** hidden without this permission */
  permission?: PermissionName
  badge?: 'BETA' | 'ALPHA'
  /** shown only while this feature flag is on */
  flag?: 'columnPrivileges'
}

export const AUTH_MENU: readonly AuthMenuItem[] = [
  { label: 'Users', route: 'auth.users', href: paths.authUsers, command: 'nav.auth-users.go', section: 'manage' },
  { label: 'Policies', route: 'auth.policies', href: (ref) => paths.authPolicies(ref), command: 'nav.auth-policies.go', section: 'manage' },
  { label: 'Providers', route: 'auth.providers', href: paths.authProviders, command: 'nav.auth-providers.go', section: 'configuration', permission: 'projectAuthAll' },
  { label: 'Rate limits', route: 'auth.rate-limits', href: paths.authRateLimits, command: 'nav.auth-rate-limits.go', section: 'configuration', permission: 'projectAuthAll' },
  { label: 'Email templates', route: 'auth.templates', href: paths.authTemplates, command: 'nav.auth-templates.go', section: 'configuration', permission: 'projectAuthAll' },
  { label: 'URL configuration', route: 'auth.url-configuration', href: paths.authUrlConfiguration, command: 'nav.auth-url-configuration.go', section: 'configuration', permission: 'projectAuthAll' },
  { label: 'Hooks', route: 'auth.hooks', href: paths.authHooks, command: 'nav.auth-hooks.go', section: 'configuration', permission: 'projectAuthAll', badge: 'BETA' },
  { label: 'Emails', route: 'auth.emails', href: paths.authEmails, command: 'nav.auth-emails.go', section: 'configuration', permission: 'projectAuthAll' },
  { label: 'Column privileges', route: 'auth.column-privileges', href: paths.authColumnPrivileges, command: 'nav.auth-column-privileges.go', section: 'configuration', badge: 'ALPHA', flag: 'columnPrivileges' },
]

export const AUTH_SECTION_LABELS = { manage: 'Manage', configuration: 'Configuration' } as const

/** The items a user sees: those whose permission they hold and whose flag is on. */
export function visibleAuthMenu(can: (p: PermissionName) => boolean, flags: { columnPrivileges: boolean }): AuthMenuItem[] {
  return AUTH_MENU.filter((item) => (!item.permission || can(item.permission)) && (!item.flag || flags[item.flag]))
}

/** The menu item a command navigates by (nav commands take their route from here). */
export function authMenuItem(route: RouteId): AuthMenuItem {
  const item = AUTH_MENU.find((i) => i.route === route)
  if (!item) throw new Error(`${route} is not in the Authentication menu`)
  return item
}
