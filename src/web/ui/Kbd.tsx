import type { ReactNode } from 'react'
import { isMacPlatform } from '../model/app/keys/binding'
import { formatBinding } from '../model/app/keys/format'
import { cx } from './cx'

const mac = isMacPlatform()

export interface KbdProps {
  /** a tinykeys binding ('$mod+k', 'g t'): ⌘K on macOS, Ctrl+K elsewhere, G T for a sequence */
  binding?: string
  /** or plain key text */
  children?: ReactNode
  className?: string
}

export function Kbd({ binding, children, className }: KbdProps) {
  if (binding === undefined) return <kbd className={cx('ui-kbd', className)}>{children}</kbd>
  const presses = formatBinding(binding, mac)
  return (
    <span className={cx('ui-kbd-group', className)} aria-label={presses.join(' then ')}>
      {presses.map((p, i) => (
        <kbd key={i} className="ui-kbd" aria-hidden>
          {p}
        </kbd>
      ))}
    </span>
  )
}
