import { cx } from './cx'

export interface SpinnerProps {
  size?: number
  /** read by screen readers; omit when a visible text already says it */
  label?: string
  className?: string
}

export function Spinner({ size = 14, label, className }: SpinnerProps) {
  return (
    <svg
      className={cx('ui-spinner', className)}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      <path d="M14.5 8A6.5 6.5 0 0 0 8 1.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
