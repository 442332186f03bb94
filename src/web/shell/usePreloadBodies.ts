/**
 * Commands' run bodies load per area on first use (commands/registry.ts, `lazyRun`). Once the browser is
 * idle, this loads the bodies of the page's own area and the app-wide ones, so a key pressed on the page
 * runs at once; the other areas' bodies wait for their first use.
 */
import { useEffect } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { preloadBodies } from '../../../commands/registry'
import { matchPath, type CommandArea } from '../../shared/routes'
import { whenIdle } from './idle'

const APP_WIDE: CommandArea[] = ['app', 'navigation', 'account']

export function usePreloadBodies(): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const area = matchPath(pathname).id?.split('.')[0] as CommandArea | undefined
  useEffect(
    () =>
      whenIdle(() => {
        // a failed load is tried again at the command's first use, which reports it
        preloadBodies(...APP_WIDE, ...(area ? [area] : [])).catch(() => undefined)
      }),
    [area],
  )
}
