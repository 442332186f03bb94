import type { ReactNode } from 'react'
import { Archive, CircleAlert, Info, Lightbulb, OctagonAlert, TriangleAlert } from 'lucide-react'
import { cx } from './cx'

/** The alert types of spec section 9. */
export type AlertType = 'default' | 'note' | 'tip' | 'caution' | 'danger' | 'deprecation' | 'warning' | 'destructive'

const ICONS: Record<AlertType, ReactNode> = {
  default: <Info size={16} />,
  note: <Info size={16} />,
  tip: <Lightbulb size={16} />,
  caution: <TriangleAlert size={16} />,
  warning: <TriangleAlert size={16} />,
  danger: <OctagonAlert size={16} />,
  destructive: <CircleAlert size={16} />,
  deprecation: <Archive size={16} />,
}

export interface AlertProps {
  type?: AlertType
  title?: ReactNode
  children?: ReactNode
  /** a button or link on the right */
  action?: ReactNode
  className?: string
}

export function Alert({ type = 'default', title, children, action, className }: AlertProps) {
  const urgent = type === 'danger' || type === 'destructive'
  return (
    <div className={cx('ui-alert', `ui-alert--${type}`, className)} role={urgent ? 'alert' : 'note'}>
      <span className="ui-alert__icon">{ICONS[type]}</span>
      <div className="ui-alert__body">
        {title && <p className="ui-alert__title">{title}</p>}
        {children && <div className="ui-alert__text">{children}</div>}
      </div>
      {action && <div className="ui-alert__action">{action}</div>}
    </div>
  )
}
