/**
 * Commands' run bodies load per area on first use (commands/registry.ts, `lazyRun`). The page's own area
 * loads as soon as the page does (its keys are pressed first), the app-wide ones once the browser is idle;
 * the other areas' bodies wait for their first use. Keys pressed before a body is there wait for it, in
 * order (keys/dispatch.ts).
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
  useEffect(() => {
    // a failed load is tried again at the command's first use, which reports it
    if (area) preloadBodies(area).catch(() => undefined)
    return whenIdle(() => void preloadBodies(...APP_WIDE).catch(() => undefined))
  }, [area])
}
