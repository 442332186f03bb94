import type { ReactNode } from 'react'
import { RotateCw } from 'lucide-react'
import { press } from '../../commands-run'
import { Alert, Button, Spinner, cx } from '../../ui'
import { DocsSwitches } from './DocsSwitches'

/** A docs page's frame: its title and lead, the language and key switches, then its sections. */
export function DocsPage({ title, lead, code, keys = true, children }: { title: string; lead?: ReactNode; code?: boolean; keys?: boolean; children: ReactNode }) {
  return (
    <article className="apidocs-page">
      <header className="apidocs-page__header">
        <div>
          <h1 className={cx('apidocs-page__title', code && 'apidocs-page__title--code')}>{title}</h1>
          {lead && <p className="apidocs-page__lead">{lead}</p>}
        </div>
        <DocsSwitches keys={keys} />
      </header>
      {children}
    </article>
  )
}

/** The document's load: a spinner, or the error panel with the message and a retry. */
export function DocLoading({ error }: { error: Error | null }) {
  if (!error) {
    return (
      <div className="apidocs-center">
        <Spinner label="Loading the API docs" />
      </div>
    )
  }
  return (
    <Alert
      type="destructive"
      title="The API docs did not load"
      action={<Button size="sm" icon={<RotateCw size={14} />} onClick={() => press('api.docs.reload')}>Retry</Button>}
    >
      {error.message}
    </Alert>
  )
}
