/**
 * Around every screen: the palette, the '?' overlay, confirmations, toasts, and the key bindings. The
 * palette, the overlay and the confirmation dialog load apart from the app (see lazyHost); the run bodies
 * of the page's commands are loaded once the browser is idle.
 */
import { Outlet } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { useKeyBindings } from '../keys/useKeyBindings'
import { confirmState } from '../model/app/confirm'
import { help } from '../model/app/help'
import { PaletteHost } from '../palette/PaletteHost'
import { Toaster } from '../ui/Toaster'
import { lazyHost } from './lazy-host'
import { usePreloadBodies } from './usePreloadBodies'

const HelpOverlayHost = lazyHost(
  'keyboard shortcuts',
  () => import('./HelpOverlay').then((m) => m.HelpOverlay),
  () => useSnapshot(help).open,
)

const ConfirmHost = lazyHost(
  'confirmation',
  () => import('../ui/ConfirmHost').then((m) => m.ConfirmHost),
  () => Boolean(useSnapshot(confirmState).pending),
)

export function RootLayout() {
  useKeyBindings()
  usePreloadBodies()
  return (
    <>
      <Outlet />
      <PaletteHost />
      <HelpOverlayHost />
      <ConfirmHost />
      <Toaster />
    </>
  )
}
