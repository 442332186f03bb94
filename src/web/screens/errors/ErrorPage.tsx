/** The error page (spec 2, 'Other'), the not-found page, and the no-permission notice. */
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useRouterState } from '@tanstack/react-router'
import { CircleX, FileQuestion, ShieldOff } from 'lucide-react'
import { paths } from '../../../shared/routes'
import { MSG } from '../../../shared/messages'
import { ApiError } from '../../data/api'
import { stringifySearch } from '../../model/app/search-params'
import { buttonClass } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'

function errorCode(error: unknown): string {
  if (error instanceof ApiError) return String(error.code)
  if (error instanceof Error) return error.name
  return 'Unknown'
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Full-page links: after an error, a fresh page load is the safest way on. */
export function ErrorPage({ error }: ErrorComponentProps) {
  const code = errorCode(error)
  const message = errorMessage(error)
  return (
    <div className="page-center">
      <div className="error-card" role="alert">
        <span className="error-card__icon error-card__icon--danger">
          <CircleX size={22} />
        </span>
        <h1 className="error-card__title">{MSG.somethingWentWrong}</h1>
        <p className="error-card__text">The studio could not finish what it was doing.</p>
        <dl className="error-card__details">
          <div>
            <dt>Error code</dt>
            <dd>{code}</dd>
          </div>
          <div>
            <dt>Message</dt>
            <dd>{message || 'No message'}</dd>
          </div>
        </dl>
        <div className="error-card__actions">
          <a className={buttonClass('primary')} href={paths.projects()}>
            {MSG.headBack}
          </a>
          <a className={buttonClass('default')} href={paths.support() + stringifySearch({ code, message })}>
            {MSG.submitSupport}
          </a>
        </div>
      </div>
    </div>
  )
}

export function NotFoundPage() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return (
    <div className="page-center">
      <div className="error-card">
        <span className="error-card__icon">
          <FileQuestion size={22} />
        </span>
        <h1 className="error-card__title">Page not found</h1>
        <p className="error-card__text">
          Nothing lives at <code className="ui-code-inline">{pathname}</code>.
        </p>
        <div className="error-card__actions">
          <a className={buttonClass('primary')} href={paths.projects()}>
            {MSG.headBack}
          </a>
        </div>
      </div>
    </div>
  )
}

/** In place of a screen the user may not see, e.g. `<NoPermission resource={MSG.noPermissionTables} />`. */
export function NoPermission({ resource }: { resource: string }) {
  return (
    <EmptyState
      className="no-permission"
      icon={<ShieldOff size={22} />}
      title="You don't have access to this"
      description={MSG.noPermission(resource)}
    />
  )
}
