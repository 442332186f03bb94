/**
 * A project's frame: side navigation of its areas, a header with the project name, the palette button, the theme,
 * and the account menu (Log out).
 */
import { Link, Outlet, useParams, useRouterState } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { CircleUserRound, Database, Keyboard, LogOut, Moon, Search, Sun } from 'lucide-react'
import { useApi, useIsPlatform } from '../commands-context'
import { press } from '../commands-run'
import { projectQuery } from '../model/project/project-queries'
import { bindingFor, keymap } from '../model/app/keys/keymap'
import { theme } from '../model/app/theme'
import { DropdownMenu, MenuItem, MenuLabel, MenuSeparator } from '../ui/DropdownMenu'
import { IconButton } from '../ui/IconButton'
import { Kbd } from '../ui/Kbd'
import { Tooltip } from '../ui/Tooltip'
import { cx } from '../ui/cx'
import { NAV_ITEMS, type NavItem } from './nav-items'

function isActive(item: NavItem, ref: string, pathname: string): boolean {
  const href = item.href(ref)
  const path = pathname.replace(/\/$/, '')
  if (item.activeUnder) {
    const area = `/project/${ref}${item.activeUnder}`
    if (path === area || path.startsWith(`${area}/`)) return true
  }
  return path === href || (!item.exact && path.startsWith(`${href}/`))
}

export function ProjectLayout() {
  const { ref } = useParams({ from: '/project/$ref' })
  const api = useApi()
  const isPlatform = useIsPlatform()
  const project = useQuery({ ...projectQuery(api, ref), throwOnError: true })
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const { overrides } = useSnapshot(keymap)
  const { current } = useSnapshot(theme)
  const items = NAV_ITEMS.filter((item) => isPlatform || !item.platformOnly)
  const active = items.find((item) => isActive(item, ref, pathname))

  return (
    <div className="shell">
      <nav className="shell-nav" aria-label="Project areas">
        <Link to="/project/$ref" params={{ ref }} className="shell-logo" aria-label="Studio">
          <Database size={18} />
        </Link>
        {items.map((item) => {
          const on = item === active
          return (
            <Tooltip key={item.command} content={item.label} binding={bindingFor(item.command, overrides)} side="right">
              <Link
                to={item.href(ref)}
                className={cx('shell-nav__item', on && 'is-active')}
                aria-label={item.label}
                aria-current={on ? 'page' : undefined}
              >
                <item.icon size={18} />
              </Link>
            </Tooltip>
          )
        })}
        <div className="shell-nav__spacer" />
        <IconButton
          label="Keyboard shortcuts"
          icon={<Keyboard size={18} />}
          binding={bindingFor('app.help.toggle', overrides)}
          tooltipSide="right"
          className="shell-nav__item"
          onClick={() => press('app.help.toggle')}
        />
      </nav>
      <div className="shell-main">
        <header className="shell-header">
          <div className="shell-header__crumbs">
            <Link to="/project/$ref" params={{ ref }} className="shell-header__project">
              {project.data?.name ?? ref}
            </Link>
            {!isPlatform && <span className="shell-header__mode">self-hosted</span>}
            {active && !active.exact && (
              <>
                <span className="shell-header__sep" aria-hidden>
                  /
                </span>
                <span className="shell-header__area">{active.label}</span>
              </>
            )}
          </div>
          <button type="button" className="shell-search" onClick={() => press('app.palette.open')}>
            <Search size={14} aria-hidden />
            <span className="shell-search__text">Search commands…</span>
            <Kbd binding={bindingFor('app.palette.open', overrides) ?? ''} />
          </button>
          <IconButton
            label={current === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
            icon={current === 'dark' ? <Sun size={16} /> : <Moon size={16} />}
            binding={bindingFor('app.theme.toggle', overrides)}
            tooltipSide="bottom"
            onClick={() => press('app.theme.toggle')}
          />
          <DropdownMenu
            align="end"
            trigger={<IconButton label="Account" icon={<CircleUserRound size={16} />} tooltipSide="bottom" />}
          >
            <MenuLabel>{isPlatform ? 'Signed in' : 'Signed in to this studio'}</MenuLabel>
            <MenuSeparator />
            <MenuItem
              icon={<LogOut size={14} />}
              binding={bindingFor('account.sign-out', overrides)}
              onSelect={() => press('account.sign-out')}
            >
              Log out
            </MenuItem>
          </DropdownMenu>
        </header>
        <main className="shell-content">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
