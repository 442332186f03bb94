/** Renders the toasts of state/toasts.ts; mounted once by the root layout. */
import type { ReactNode } from 'react'
import { Toast } from 'radix-ui'
import { useSnapshot } from 'valtio'
import { CircleCheck, CircleX, Info, X } from 'lucide-react'
import { TOAST_DURATION_MS } from '../../shared/constants'
import { dismissToast, toasts, type ToastKind } from '../state/toasts'

const ICONS: Record<ToastKind, ReactNode> = {
  success: <CircleCheck size={16} />,
  error: <CircleX size={16} />,
  info: <Info size={16} />,
}

export function Toaster() {
  const { items } = useSnapshot(toasts)
  return (
    <Toast.Provider swipeDirection="right" duration={TOAST_DURATION_MS}>
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          className={`ui-toast ui-toast--${t.kind}`}
          type={t.kind === 'error' ? 'foreground' : 'background'}
          duration={t.kind === 'error' ? TOAST_DURATION_MS * 2 : TOAST_DURATION_MS}
          onOpenChange={(open) => !open && dismissToast(t.id)}
        >
          <span className="ui-toast__icon">{ICONS[t.kind]}</span>
          <Toast.Description className="ui-toast__message">{t.message}</Toast.Description>
          <Toast.Close className="ui-toast__close" aria-label="Dismiss">
            <X size={14} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="ui-toast-viewport" />
    </Toast.Provider>
  )
}
