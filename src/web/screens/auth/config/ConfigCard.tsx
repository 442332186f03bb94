import type { ReactNode } from 'react'
import { cx } from '../../../ui'

/** A card of settings under a title. */
export function ConfigCard({ title, description, children, className }: { title: ReactNode; description?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cx('auth-cfg-card', className)}>
      <header className="auth-cfg-card__header">
        <h3 className="auth-cfg-card__title">{title}</h3>
        {description && <p className="auth-cfg-card__description">{description}</p>}
      </header>
      <div className="auth-cfg-card__body">{children}</div>
    </section>
  )
}

/** One setting: its label and hint on the left, its control (and message) on the right. */
export function ConfigRow({ label, htmlFor, hint, error, children }: { label: ReactNode; htmlFor?: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="auth-cfg-row">
      <div className="auth-cfg-row__text">
        {htmlFor ? (
          <label className="auth-cfg-row__label" htmlFor={htmlFor}>
            {label}
          </label>
        ) : (
          <div className="auth-cfg-row__label">{label}</div>
        )}
        {hint && <p className="auth-cfg-row__hint">{hint}</p>}
      </div>
      <div className="auth-cfg-row__control">
        {children}
        {error && (
          <p className="ui-field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}
