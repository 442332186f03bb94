import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { Ellipsis, ListChecks, Plus, Radio, RotateCw, Trash2 } from 'lucide-react'
import { PUBLICATION_OPERATIONS, type Publication } from '../../../../shared/contract/pg-meta-publications'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Badge, Button, DisabledReason, DropdownMenu, EmptyState, MenuItem, MenuSeparator, Switch } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { OPERATION_LABELS, publicationsQuery, tablesText } from '../../../model/database/replication/publications-data'
import { PublicationDialog } from './PublicationDialog'
import './replication.css'

const ROUTE = '/project/$ref/database/replication'

function PublicationRow({ p, reason }: { p: Publication; reason: string | null }) {
  const all = p.tables === null
  return (
    <div className="db-row pub-row" role="row" aria-label={p.name}>
      <span className="db-cell pub-cell pub-cell--name" role="rowheader">
        <span className="pub-name">{p.name}</span>
        <span className="pub-owner">owner {p.owner}</span>
      </span>
      {PUBLICATION_OPERATIONS.map((op) => (
        <span key={op} className="db-cell pub-cell pub-cell--op" role="cell">
          <Switch
            checked={p[`publish_${op}`]}
            label={`${OPERATION_LABELS[op]}: ${p.name}`}
            disabled={reason !== null}
            title={reason ?? undefined}
            onCheckedChange={() => press('database.publication.operation.toggle', { publicationId: p.id, operation: op })}
          />
        </span>
      ))}
      <span className="db-cell pub-cell pub-cell--tables" role="cell">
        {all ? (
          <Badge tone="accent">All tables</Badge>
        ) : (
          <Button size="sm" icon={<ListChecks size={14} />} disabled={reason !== null} onClick={() => press('database.publication.tables-dialog.open', { publicationId: p.id })}>
            {tablesText(p)}
          </Button>
        )}
      </span>
      <span className="db-cell pub-cell db-cell--actions" role="cell">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${p.name}`}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<ListChecks size={14} />} disabled={reason !== null || all} onSelect={() => press('database.publication.tables-dialog.open', { publicationId: p.id })}>
            Choose tables
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger disabled={reason !== null} onSelect={() => press('database.publication.delete', { publicationId: p.id })}>
            Delete publication
          </MenuItem>
        </DropdownMenu>
      </span>
    </div>
  )
}

/** /project/{ref}/database/replication: the database's publications, what they publish and from which tables. */
export function PublicationsPage() {
  const { ref } = useParams({ from: ROUTE })
  const publications = useQuery(publicationsQuery(useApi(), ref))
  const createReason = useCommandReason('database.publication.create-dialog.open')
  const reason = useCommandReason('database.publication.update')
  const list = publications.data ?? []

  return (
    <div className="area-page pub-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Database Publications</h1>
          <p className="area-header__lead" role="status">
            {publications.data ? `${list.length} ${list.length === 1 ? 'publication' : 'publications'}: the row changes logical replication sends to subscribers` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <DisabledReason reason={createReason}>
            <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('database.publication.create-dialog.open')}>
              Create publication
            </Button>
          </DisabledReason>
        </div>
      </header>
      {publications.isError ? (
        <Alert
          type="destructive"
          title={MSG.publicationsError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.publications.refresh')}>Retry</Button>}
        >
          {publications.error.message}
        </Alert>
      ) : !publications.data ? (
        <div className="pub-loading" aria-busy="true" aria-label="Loading publications" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Radio size={20} />}
          title="No publications yet"
          description="A publication names the tables whose inserts, updates, deletes and truncates a subscriber receives through logical replication."
        />
      ) : (
        <div className="area-table" role="table" aria-label="Database publications">
          <div className="db-row pub-row db-row--head pub-row--head" role="row">
            <span className="db-cell pub-cell" role="columnheader">Name</span>
            {PUBLICATION_OPERATIONS.map((op) => (
              <span key={op} className="db-cell pub-cell pub-cell--op" role="columnheader">
                {OPERATION_LABELS[op]}
              </span>
            ))}
            <span className="db-cell pub-cell pub-cell--tables" role="columnheader">Source</span>
            <span className="db-cell pub-cell db-cell--actions" role="columnheader">
              <span className="sr-only">Actions</span>
            </span>
          </div>
          <div className="area-scroll">
            {list.map((p) => (
              <PublicationRow key={p.id} p={p} reason={reason} />
            ))}
          </div>
        </div>
      )}
      <PublicationDialog projectRef={ref} />
    </div>
  )
}
