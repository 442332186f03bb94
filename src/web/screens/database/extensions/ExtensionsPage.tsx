import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Lock, Puzzle, RotateCw, Search } from 'lucide-react'
import type { Extension } from '../../../../shared/api'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Badge, Button, EmptyState, Input, Select, Switch, Tooltip } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { extensionsQuery, filterExtensions, isLockedExtension } from '../../../model/database/extensions/extensions-data'
import type { ExtensionFilter } from '../../../model/database/extensions/search'
import { EnableExtensionDialog } from './EnableExtensionDialog'
import './extensions.css'

const ROUTE = '/project/$ref/database/extensions'
const SEARCH_DEBOUNCE_MS = 200

const FILTER_OPTIONS = [
  { value: 'all', label: 'All extensions' },
  { value: 'installed', label: 'Installed' },
  { value: 'available', label: 'Available' },
] as const

function Skeleton() {
  return (
    <div className="db-skeleton" aria-busy="true" aria-label="Loading extensions">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="db-skeleton__row" />
      ))}
    </div>
  )
}

/** One extension: name, version, schema, description, and the switch that enables or disables it. */
function ExtensionRow({ ext, reason }: { ext: Extension; reason: string | null }) {
  const on = Boolean(ext.installed_version)
  const locked = isLockedExtension(ext.name)
  const upgradable = on && ext.installed_version !== ext.default_version
  return (
    <div className={on ? 'db-row ext-row ext-row--on' : 'db-row ext-row'} role="row" aria-label={ext.name}>
      <span className="db-cell ext-cell ext-cell--name" role="rowheader">
        <span className="ext-name">{ext.name}</span>
      </span>
      <span className="db-cell ext-cell ext-cell--version" role="cell">
        {on ? (
          <span className="ext-version">
            {ext.installed_version}
            {upgradable && <Badge tone="warning">{ext.default_version} available</Badge>}
          </span>
        ) : (
          <span className="ext-muted">{ext.default_version}</span>
        )}
      </span>
      <span className="db-cell ext-cell ext-cell--schema" role="cell">
        {ext.schema ? <code className="ext-schema">{ext.schema}</code> : <span className="ext-muted">—</span>}
      </span>
      <span className="db-cell ext-cell ext-cell--comment" role="cell" title={ext.comment ?? undefined}>
        {ext.comment ?? <span className="ext-muted">No description</span>}
      </span>
      <span className="db-cell ext-cell db-cell--actions" role="cell">
        {locked ? (
          <Tooltip content={MSG.extensionPlpgsql} side="left">
            <span className="ext-lock" tabIndex={0} aria-label={`Locked: ${MSG.extensionPlpgsql}`}>
              <Lock size={14} />
            </span>
          </Tooltip>
        ) : (
          <Switch
            checked={on}
            label={`${on ? 'Disable' : 'Enable'} ${ext.name}`}
            disabled={reason !== null}
            title={reason ?? undefined}
            onCheckedChange={() => (on ? press('database.extension.disable', { name: ext.name }) : press('database.extension.enable-dialog.open', { name: ext.name }))}
          />
        )}
      </span>
    </div>
  )
}

/** /project/{ref}/database/extensions: every extension the database offers, enabled or not. */
export function ExtensionsPage() {
  const { ref } = useParams({ from: ROUTE })
  const extensions = useQuery(extensionsQuery(useApi(), ref))
  const params = useSearch({ from: ROUTE })
  const search = params.search?.trim() ?? ''
  const filter: ExtensionFilter = params.filter ?? 'all'
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.extensions.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const reason = useCommandReason('database.extension.enable')
  const shown = useMemo(() => filterExtensions(extensions.data ?? [], search, filter), [extensions.data, search, filter])
  const installedCount = extensions.data?.filter((x) => x.installed_version).length ?? 0

  return (
    <div className="area-page ext-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Database Extensions</h1>
          <p className="area-header__lead" role="status">
            {extensions.data ? `${installedCount} installed · ${extensions.data.length - installedCount} available` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <Input
            type="search"
            size="md"
            icon={<Search size={14} />}
            placeholder="Search for an extension"
            aria-label="Search for an extension"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="ext-search"
          />
          <Select
            aria-label="Show extensions"
            value={filter}
            options={FILTER_OPTIONS}
            onValueChange={(value) => press('database.extensions.filter', { filter: value as ExtensionFilter })}
            className="ext-filter"
          />
        </div>
      </header>
      {extensions.isError ? (
        <Alert
          type="destructive"
          title={MSG.extensionsError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.extensions.refresh')}>Retry</Button>}
        >
          {extensions.error.message}
        </Alert>
      ) : !extensions.data ? (
        <Skeleton />
      ) : shown.length === 0 ? (
        search ? (
          <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
        ) : (
          <EmptyState icon={<Puzzle size={20} />} title={filter === 'installed' ? 'No extension is enabled' : 'Every extension is enabled'} />
        )
      ) : (
        <div className="area-table" role="table" aria-label="Database extensions">
          <div className="db-row ext-row db-row--head ext-row--head" role="row">
            <span className="db-cell ext-cell" role="columnheader">Name</span>
            <span className="db-cell ext-cell" role="columnheader">Version</span>
            <span className="db-cell ext-cell" role="columnheader">Schema</span>
            <span className="db-cell ext-cell" role="columnheader">Description</span>
            <span className="db-cell ext-cell db-cell--actions" role="columnheader">Enabled</span>
          </div>
          <div className="area-scroll">
            {shown.map((ext) => (
              <ExtensionRow key={ext.name} ext={ext} reason={reason} />
            ))}
          </div>
        </div>
      )}
      <EnableExtensionDialog projectRef={ref} />
    </div>
  )
}
