/** Around every screen: the palette, the '?' overlay, confirmations, toasts, and the key bindings. */
import { Outlet } from '@tanstack/react-router'
import { useKeyBindings } from '../keys/useKeyBindings'
import { Palette } from '../palette/Palette'
import { ConfirmHost, Toaster } from '../ui'
import { HelpOverlay } from './HelpOverlay'

export function RootLayout() {
  useKeyBindings()
  return (
    <>
      <Outlet />
      <Palette />
      <HelpOverlay />
      <ConfirmHost />
      <Toaster />
    </>
  )
}
