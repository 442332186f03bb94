/**
 * /project/{ref}/database/hooks: database webhooks (triggers calling supabase_functions.http_request). They
 * need the pg_net extension: without it the page says so and offers the way back.
 */
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { Plus, RotateCw, Trash2, Webhook as WebhookIcon } from 'lucide-react'
import { MSG } from '../../../../shared/messages'
import { paths } from '../../../../shared/routes'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Badge, Button, buttonClass, DisabledReason, EmptyState, IconButton, Spinner } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { hooksQuery, type Webhook } from '../../../model/database/hooks/hooks-data'
import { HookDialog } from './HookDialog'
import './hooks.css'

const ROUTE = '/project/$ref/database/hooks'

export function WebhooksPage() {
  const { ref } = useParams({ from: ROUTE })
  const hooks = useQuery(hooksQuery(useApi(), ref))
  const createReason = useCommandReason('database.hook.create-dialog.open')
  const available = hooks.data?.available

  return (
    <div className="db-page db-page--scroll">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Database Webhooks</h1>
          <p className="area-header__lead" role="status">
            {hooks.data ? (available ? `${hooks.data.hooks.length} ${hooks.data.hooks.length === 1 ? 'webhook' : 'webhooks'}` : 'HTTP requests sent from table triggers') : '\u00a0'}
          </p>
        </div>
        {available && (
          <div className="area-toolbar">
            <Button icon={<RotateCw size={14} />} onClick={() => press('database.hooks.refresh')}>Refresh</Button>
            <DisabledReason reason={createReason}>
              <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('database.hook.create-dialog.open')}>
                Create webhook
              </Button>
            </DisabledReason>
          </div>
        )}
      </header>
      {hooks.isError ? (
        <Alert type="destructive" title={MSG.webhooksError} className="db-error"
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.hooks.refresh')}>Retry</Button>}>
          {hooks.error.message}
        </Alert>
      ) : !hooks.data ? (
        <div className="db-loading"><Spinner label="Loading webhooks" /></div>
      ) : !available ? (
        <EmptyState
          className="hooks-unavailable"
          icon={<WebhookIcon size={20} />}
          title={MSG.webhooksNeedPgNet}
          description={
            <span className="hooks-unavailable__body">
              <span>{MSG.webhooksExplanation}</span>
              <span>
                Webhooks appear in the Database menu once <code>pg_net</code> is installed. It ships with Supabase’s PostgreSQL
                images; neither embedded PGlite nor a stock PostgreSQL server has it.
              </span>
            </span>
          }
          action={
            <>
              <Link to={paths.databaseTables(ref)} className={buttonClass('default')}>Back to Database</Link>
              <Link to={paths.databaseExtensions(ref, { search: 'pg_net' })} className={buttonClass('ghost')}>See extensions</Link>
            </>
          }
        />
      ) : hooks.data.hooks.length === 0 ? (
        <EmptyState icon={<WebhookIcon size={20} />} title="No webhooks yet" description="A webhook sends a table’s inserts, updates or deletes to a URL as they happen." />
      ) : (
        <HookList hooks={hooks.data.hooks} />
      )}
      {available && <HookDialog projectRef={ref} />}
    </div>
  )
}

function HookList({ hooks }: { hooks: Webhook[] }) {
  const deleteReason = useCommandReason('database.hook.delete')
  return (
    <div className="hooks-table" role="table" aria-label="Webhooks">
      <div className="db-row hooks-row db-row--head" role="row">
        <span role="columnheader">Name</span>
        <span role="columnheader">Table</span>
        <span role="columnheader">Events</span>
        <span role="columnheader">Request</span>
        <span role="columnheader" aria-label="Actions" />
      </div>
      {hooks.map((h) => (
        <div key={h.id} className="db-row hooks-row" role="row">
          <span role="cell" className="hooks-name">{h.name}{!h.enabled && <Badge tone="warning">disabled</Badge>}</span>
          <span role="cell" className="hooks-mono">{h.schema}.{h.table}</span>
          <span role="cell" className="hooks-events">{h.events.map((e) => <Badge key={e}>{e}</Badge>)}</span>
          <span role="cell" className="hooks-mono hooks-url" title={h.url}>{h.method} {h.url}</span>
          <span role="cell" className="hooks-actions">
            <DisabledReason reason={deleteReason}>
              <IconButton label={`Delete webhook ${h.name}`} icon={<Trash2 size={14} />} disabled={deleteReason !== null}
                onClick={() => press('database.hook.delete', { id: h.id })} />
            </DisabledReason>
          </span>
        </div>
      ))}
    </div>
  )
}
