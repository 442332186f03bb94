import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Ellipsis, ListPlus, Pencil, Plus, RotateCw, Search, Trash2 } from 'lucide-react'
import { isProtectedSchema } from '../../../../shared/constants'
import type { PgType } from '../../../../shared/contract/pg-meta-types'
import { MSG } from '../../../../shared/messages'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, DisabledReason, DropdownMenu, EmptyState, Input, MenuItem, MenuSeparator } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { DEFAULT_SCHEMA } from '../../../model/database/search'
import { enumsQuery, filterEnums } from '../../../model/database/types/types-data'
import { schemasQuery } from '../../../model/project/queries'
import { SchemaSelect } from '../../table-editor/SchemaSelect'
import { TypeDialogs } from './TypeDialogs'
import './types.css'

const ROUTE = '/project/$ref/database/types'
const SEARCH_DEBOUNCE_MS = 200

function TypeRow({ type, locked }: { type: PgType; locked: boolean }) {
  const reason = useCommandReason('database.type.edit-dialog.open')
  const disabled = locked || reason !== null
  return (
    <div className="db-row enum-row" role="row" aria-label={type.name}>
      <span className="db-cell" role="rowheader">
        <span className="db-name" title={type.comment ?? type.name}>{type.name}</span>
      </span>
      <span className="db-cell enum-values" role="cell" aria-label={`Values of ${type.name}`}>
        {type.enums.map((v) => (
          <span key={v} className="enum-chip">{v}</span>
        ))}
      </span>
      <span className="db-cell enum-faint" role="cell">{type.schema}</span>
      <span className="db-cell db-cell--actions" role="cell">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${type.name}`} disabled={disabled}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<Pencil size={14} />} onSelect={() => press('database.type.edit-dialog.open', { type: type.id })}>
            Edit type
          </MenuItem>
          <MenuItem icon={<ListPlus size={14} />} onSelect={() => press('database.type.edit-dialog.open', { type: type.id })}>
            Add value
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger onSelect={() => press('database.type.delete-dialog.open', { type: type.id })}>
            Delete type
          </MenuItem>
        </DropdownMenu>
      </span>
    </div>
  )
}

/** /project/{ref}/database/types: one schema's enumerated types, their values in order; create, edit, delete. */
export function TypesPage() {
  const { ref } = useParams({ from: ROUTE })
  const api = useApi()
  const urlSearch = useSearch({ from: ROUTE })
  const schema = urlSearch.schema ?? DEFAULT_SCHEMA
  const search = urlSearch.search?.trim() ?? ''
  const schemas = useQuery(schemasQuery(api, ref))
  const types = useQuery(enumsQuery(api, ref, schema))
  const [draft, setDraft] = useUrlSearchDraft(search, (text) => press('database.types.search', { search: text }), SEARCH_DEBOUNCE_MS)
  const createReason = useCommandReason('database.type.create-dialog.open')
  const locked = isProtectedSchema(schema)
  const shown = useMemo(() => filterEnums(types.data ?? [], search), [types.data, search])
  const total = types.data?.length ?? 0

  return (
    <div className="area-page enum-page">
      <header className="area-header">
        <div>
          <h1 className="area-header__title">Enumerated Types</h1>
          <p className="area-header__lead" role="status">
            {types.data ? `${total} ${total === 1 ? 'type' : 'types'} in ${schema}${locked ? ' · managed by the platform: read-only' : ''}` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar">
          <SchemaSelect value={schema} schemas={schemas.data ?? []} onChange={(s) => press('database.types.schema.set', { schema: s })} />
          <Input
            type="search"
            size="sm"
            icon={<Search size={14} />}
            placeholder="Search for a type"
            aria-label="Search for a type"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="enum-search"
          />
          <DisabledReason reason={locked ? MSG.typeProtectedSchema(schema) : createReason}>
            <Button size="sm" variant="primary" icon={<Plus size={14} />} disabled={locked || createReason !== null} onClick={() => press('database.type.create-dialog.open')}>
              Create type
            </Button>
          </DisabledReason>
        </div>
      </header>
      {types.isError ? (
        <Alert
          type="destructive"
          title={MSG.typesError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.types.refresh')}>Retry</Button>}
        >
          {types.error.message}
        </Alert>
      ) : !types.data ? (
        <div className="db-skeleton" aria-busy="true" aria-label="Loading types">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className="db-skeleton__row" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        search ? (
          <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
        ) : (
          <EmptyState
            title={`No enumerated types in ${schema}`}
            description="An enumerated type is a fixed, ordered list of values (like low, medium, high) that a column can hold."
            action={
              locked ? undefined : (
                <Button variant="primary" icon={<Plus size={14} />} disabled={createReason !== null} onClick={() => press('database.type.create-dialog.open')}>
                  Create type
                </Button>
              )
            }
          />
        )
      ) : (
        <div className="area-table" role="table" aria-label="Enumerated types">
          <div className="db-row enum-row db-row--head enum-row--head" role="row">
            <span className="db-cell" role="columnheader">Name</span>
            <span className="db-cell" role="columnheader">Values</span>
            <span className="db-cell" role="columnheader">Schema</span>
            <span className="db-cell" role="columnheader"><span className="sr-only">Actions</span></span>
          </div>
          <div className="area-scroll">
            {shown.map((t) => (
              <TypeRow key={t.id} type={t} locked={locked} />
            ))}
          </div>
        </div>
      )}
      <TypeDialogs projectRef={ref} schema={schema} />
    </div>
  )
}
