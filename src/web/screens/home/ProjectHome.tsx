/** A project's overview: what it runs on, what its public schema holds, and the keys worth learning first. */
import type { ReactNode } from 'react'
import { Link, useParams } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { ArrowRight, Eye, Table2 } from 'lucide-react'
import { getCommand } from '../../../../commands/registry'
import type { Entity, Project } from '../../../shared/api'
import { paths } from '../../../shared/routes'
import { useApi } from '../../commands-context'
import { projectQuery, relationsQuery, studioQuery } from '../../model/project/project-queries'
import { usersCountQuery } from '../../model/auth/users-data'
import { bindingFor, keymap } from '../../model/app/keys/keymap'
import { Alert, Badge, EmptyState, Kbd, Spinner, buttonClass, type BadgeTone } from '../../ui'

const SHOWN_TABLES = 8
const KEYS_TO_LEARN = ['app.palette.open', 'nav.table.open', 'nav.table-editor.go', 'nav.project.go', 'app.help.toggle']

const STATUS: Record<Project['status'], { label: string; tone: BadgeTone }> = {
  ACTIVE_HEALTHY: { label: 'Healthy', tone: 'accent' },
  COMING_UP: { label: 'Coming up', tone: 'warning' },
  INACTIVE: { label: 'Paused', tone: 'neutral' },
}

const isTable = (e: Entity) => e.type === 'table' || e.type === 'partitioned table'
const isView = (e: Entity) => e.type === 'view' || e.type === 'materialized view'

function Stat({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="stat">
      <p className="stat__label">{label}</p>
      <p className="stat__value">{value}</p>
      {note && <p className="stat__note">{note}</p>}
    </div>
  )
}

export function ProjectHome() {
  const { ref } = useParams({ from: '/project/$ref/' })
  const api = useApi()
  const project = useQuery(projectQuery(api, ref))
  const studio = useQuery(studioQuery(api))
  const relations = useQuery({ ...relationsQuery(api, ref), select: (answer) => answer.data })
  const { overrides } = useSnapshot(keymap)
  const users = useQuery(usersCountQuery(api, ref))

  const inPublic = relations.data?.filter((e) => e.schema === 'public') ?? []
  const elsewhere = (relations.data?.length ?? 0) - inPublic.length
  const count = (pick: (e: Entity) => boolean) => (relations.data ? inPublic.filter(pick).length : <Spinner />)
  const status = project.data && STATUS[project.data.status]

  return (
    <div className="page home">
      <header className="page-header">
        <div>
          <h1 className="page-title">{project.data?.name ?? ref}</h1>
          <p className="page-subtitle">
            Project <code className="ui-code-inline">{ref}</code>
            {status && <Badge tone={status.tone}>{status.label}</Badge>}
          </p>
        </div>
        <Link to={paths.tableEditor(ref)} className={buttonClass('primary')}>
          <Table2 size={14} /> Open Table Editor
        </Link>
      </header>

      <section className="stats" aria-label="Project at a glance">
        <Stat
          label="Database"
          value={studio.data ? (studio.data.database === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL') : <Spinner />}
          note={studio.data?.database === 'pglite' ? 'Postgres in the studio process' : 'External server'}
        />
        <Stat label="Tables in public" value={count(isTable)} />
        <Stat label="Views in public" value={count(isView)} />
        <Stat
          label="Users"
          value={users.data !== undefined ? <Link to={paths.authUsers(ref)}>{users.data.toLocaleString('en-US')}</Link> : users.isError ? '—' : <Spinner />}
          note="Signed up through the project's auth"
        />
        <Stat label="Studio" value={studio.data ? `v${studio.data.version}` : <Spinner />} note={studio.data?.isPlatform ? 'Platform' : 'Self-hosted'} />
      </section>

      <div className="home-columns">
        <section className="card" aria-labelledby="home-tables">
          <header className="card__header">
            <h2 id="home-tables" className="card__title">
              Tables and views in public
            </h2>
            {elsewhere > 0 && <span className="card__meta">{elsewhere} more in other schemas</span>}
          </header>
          {relations.error && <Alert type="danger" title="Failed to load tables">{relations.error.message}</Alert>}
          {relations.isPending && (
            <div className="card__loading">
              <Spinner /> Loading tables…
            </div>
          )}
          {relations.data && inPublic.length === 0 && (
            <EmptyState
              icon={<Table2 size={20} />}
              title="No tables in public yet"
              description="Create one from the Table Editor or the SQL you run against this project."
            />
          )}
          {inPublic.length > 0 && (
            <ul className="home-tables">
              {inPublic.slice(0, SHOWN_TABLES).map((e) => (
                <li key={e.id}>
                  <Link to={paths.table(ref, e.id)} className="home-tables__link">
                    {isView(e) ? <Eye size={14} aria-hidden /> : <Table2 size={14} aria-hidden />}
                    <span className="home-tables__name">{e.name}</span>
                    {!isTable(e) && <Badge>{e.type}</Badge>}
                    {e.comment && <span className="home-tables__comment">{e.comment}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {inPublic.length > SHOWN_TABLES && (
            <Link to={paths.tableEditor(ref)} className={buttonClass('ghost', 'sm', 'card__more')}>
              All {inPublic.length} in the Table Editor <ArrowRight size={14} />
            </Link>
          )}
        </section>

        <section className="card" aria-labelledby="home-keys">
          <header className="card__header">
            <h2 id="home-keys" className="card__title">
              Keys worth learning
            </h2>
          </header>
          <dl className="key-list">
            {KEYS_TO_LEARN.map((id) => {
              const cmd = getCommand(id)
              const keys = bindingFor(id, overrides)
              return (
                cmd &&
                keys && (
                  <div key={id} className="key-list__row">
                    <dt>{cmd.title}</dt>
                    <dd>
                      <Kbd binding={keys} />
                    </dd>
                  </div>
                )
              )
            })}
          </dl>
        </section>
      </div>
    </div>
  )
}
