/**
 * Renders the toasts of model/app/toasts.ts (at most MAX_TOASTS, newest on top, a repeated message counted),
 * above the bottom bars so their buttons stay clickable; mounted once by the root layout. A plain live region rather than
 * Radix Toast: a Radix toast is a dismissable layer above any open dialog, so while one showed, Escape
 * closed the toast and never reached the dialog.
 */
import { useEffect, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { CircleCheck, CircleX, Info, X } from 'lucide-react'
import { TOAST_DURATION_MS } from '../../shared/constants'
import { dismissToast, toasts, type Toast, type ToastKind } from '../model/app/toasts'

const ICONS: Record<ToastKind, ReactNode> = {
  success: <CircleCheck size={16} />,
  error: <CircleX size={16} />,
  info: <Info size={16} />,
}

function ToastItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false)
  const running = toast.progress !== undefined
  // Errors stay twice as long; a running toast stays; hovering holds it; a new message restarts the time.
  useEffect(() => {
    if (running || hovered) return
    const timer = setTimeout(() => dismissToast(toast.id), toast.kind === 'error' ? TOAST_DURATION_MS * 2 : TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [running, hovered, toast.id, toast.kind, toast.message, toast.count])

  const percent = Math.round((toast.progress ?? 0) * 100)
  return (
    <li
      className={`ui-toast ui-toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <span className="ui-toast__icon">{ICONS[toast.kind]}</span>
      <span className="ui-toast__message">
        {toast.message}
        {toast.count > 1 && (
          <span className="ui-toast__count" aria-label={`${toast.count} times`}>
            ×{toast.count}
          </span>
        )}
        {running && (
          <span className="ui-toast__progress" role="progressbar" aria-valuenow={percent}>
            <span style={{ width: `${percent}%` }} />
          </span>
        )}
      </span>
      <button type="button" className="ui-toast__close" aria-label="Dismiss" onClick={() => dismissToast(toast.id)}>
        <X size={14} />
      </button>
    </li>
  )
}

export function Toaster() {
  const { items } = useSnapshot(toasts)
  return (
    <ol className="ui-toast-viewport" aria-label="Notifications">
      {[...items].reverse().map((t) => (
        <ToastItem key={t.id} toast={t as Toast} />
      ))}
    </ol>
  )
}
