import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { Download, Plus, RotateCw, Trash2 } from 'lucide-react'
import { POSTGRES_FDW, type ForeignData } from '../../../../shared/contract/pg-meta-wrappers'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Badge, Button, DisabledReason } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { foreignDataQuery, foreignTablesQuery } from '../../../model/database/wrappers/wrappers-data'
import { WrapperDialog } from './WrapperDialog'
import './wrappers.css'

const ROUTE = '/project/$ref/database/wrappers'

/** What is missing for postgres_fdw servers, with the way to get it where there is one. */
function MissingExtension({ fdw }: { fdw: ForeignData['postgres_fdw'] }) {
  const reason = useCommandReason('database.extension.enable')
  if (!fdw.available) {
    return (
      <Alert type="warning" title={`The ${POSTGRES_FDW} extension is missing`} className="fdw-notice">
        {MSG.fdwNotAvailable}
      </Alert>
    )
  }
  return (
    <Alert
      type="note"
      title={`The ${POSTGRES_FDW} extension is not enabled`}
      className="fdw-notice"
      action={
        <DisabledReason reason={reason}>
          <Button variant="primary" disabled={reason !== null} onClick={() => press('database.extension.enable', { name: POSTGRES_FDW })}>
            Enable {POSTGRES_FDW}
          </Button>
        </DisabledReason>
      }
    >
      {MSG.fdwNotInstalled}
    </Alert>
  )
}

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  return (
    <section className="fdw-section" aria-label={title}>
      <h2 className="fdw-section__title">
        {title}
        <span className="fdw-section__count">{count}</span>
      </h2>
      {children}
    </section>
  )
}

/** /project/{ref}/database/wrappers: foreign data wrappers, their servers and the foreign tables. */
export function WrappersPage() {
  const { ref } = useParams({ from: ROUTE })
  const api = useApi()
  const data = useQuery(foreignDataQuery(api, ref))
  const foreignTables = useQuery(foreignTablesQuery(api, ref))
  const createReason = useCommandReason('database.wrapper.server.create-dialog.open')
  const writeReason = useCommandReason('database.wrapper.server.delete')
  const fdw = data.data?.postgres_fdw

  return (
    <div className="area-page fdw-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Foreign Data Wrappers</h1>
          <p className="area-header__lead">Query tables of other databases as if they were local, through a server and its foreign tables.</p>
        </div>
        <div className="area-toolbar">
          <DisabledReason reason={fdw?.installed ? createReason : (createReason ?? `Needs the ${POSTGRES_FDW} extension`)}>
            <Button
              variant="primary"
              icon={<Plus size={14} />}
              disabled={!fdw?.installed || createReason !== null}
              onClick={() => press('database.wrapper.server.create-dialog.open')}
            >
              Create server
            </Button>
          </DisabledReason>
        </div>
      </header>
      {data.isError ? (
        <Alert
          type="destructive"
          title={MSG.wrappersError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.wrappers.refresh')}>Retry</Button>}
        >
          {data.error.message}
        </Alert>
      ) : !data.data ? (
        <div className="fdw-loading" aria-busy="true" aria-label="Loading foreign data wrappers" />
      ) : (
        <div className="fdw-body">
          {!data.data.postgres_fdw.installed && <MissingExtension fdw={data.data.postgres_fdw} />}
          <Section title="Wrappers" count={data.data.wrappers.length}>
            {data.data.wrappers.length === 0 ? (
              <p className="fdw-empty">No foreign data wrapper: enabling an extension such as {POSTGRES_FDW} adds one.</p>
            ) : (
              <ul className="fdw-list">
                {data.data.wrappers.map((w) => (
                  <li key={w.id} className="fdw-item">
                    <span className="fdw-item__name">{w.name}</span>
                    {w.extension && <Badge>extension {w.extension}</Badge>}
                    <span className="fdw-item__meta">handler {w.handler ?? 'none'} · owner {w.owner}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Servers" count={data.data.servers.length}>
            {data.data.servers.length === 0 ? (
              <p className="fdw-empty">No foreign servers{fdw?.installed ? ': create one to connect to another PostgreSQL database.' : '.'}</p>
            ) : (
              <ul className="fdw-list">
                {data.data.servers.map((s) => {
                  const mapping = data.data.user_mappings.filter((m) => m.server === s.name)
                  return (
                    <li key={s.id} className="fdw-item" aria-label={s.name}>
                      <span className="fdw-item__name">{s.name}</span>
                      <Badge tone="accent">{s.wrapper}</Badge>
                      <span className="fdw-item__meta" title={s.options.join(' · ')}>
                        {s.options.join(' · ') || 'no options'}
                        {mapping.length > 0 && ` · mapped for ${mapping.map((m) => `${m.user}${m.options.length ? ` as ${m.options.join(' ')}` : ''}`).join(', ')}`}
                        {` · ${s.foreign_table_count} foreign ${s.foreign_table_count === 1 ? 'table' : 'tables'}`}
                      </span>
                      <span className="fdw-item__actions">
                        <Button size="sm" icon={<Download size={14} />} disabled={writeReason !== null} onClick={() => press('database.wrapper.schema.import-dialog.open', { server: s.name })}>
                          Import schema
                        </Button>
                        <Button size="sm" variant="ghost" icon={<Trash2 size={14} />} aria-label={`Delete server ${s.name}`} disabled={writeReason !== null} onClick={() => press('database.wrapper.server.delete', { server: s.name })} />
                      </span>
                    </li>
                  )
                })}
              </ul>
            )}
          </Section>
          <Section title="Foreign tables" count={foreignTables.data?.length ?? 0}>
            {(foreignTables.data ?? []).length === 0 ? (
              <p className="fdw-empty">No foreign tables: import a schema from a server to add them.</p>
            ) : (
              <ul className="fdw-list">
                {foreignTables.data!.map((t) => (
                  <li key={t.id} className="fdw-item">
                    <span className="fdw-item__name">
                      {t.schema}.{t.name}
                    </span>
                    <span className="fdw-item__meta">{t.columns?.length ?? 0} {t.columns?.length === 1 ? 'column' : 'columns'}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      )}
      <WrapperDialog />
    </div>
  )
}
