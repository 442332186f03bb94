import { useCallback, useState } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Plus, Search } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { useApi } from '../../commands-context'
import { DEFAULT_PROJECT_REF, isProtectedSchema } from '../../../shared/constants'
import { MSG } from '../../../shared/messages'
import { entitiesQuery, schemasQuery, tableQuery } from '../../model/project/queries'
import { tableListState } from '../../model/table-editor/table-list'
import { Alert, Button, EmptyState, Input, Spinner, Tooltip } from '../../ui'
import { bindingFor } from '../../model/app/keys/keymap'
import { useCan } from '../../useCan'
import { EntityList } from './EntityList'
import { SchemaSelect } from './SchemaSelect'
import { TableListSortMenu } from './TableListSortMenu'
import { press } from '../../commands-run'
import { visibleSchemas } from '../../model/table-editor/schemas'
import { useDebouncedValue } from './useDebouncedValue'

const SEARCH_DEBOUNCE_MS = 300

/** The left panel: schema, search and sort, and the schema's tables, views and other relations. */
export function TableList() {
  const api = useApi()
  const { ref = DEFAULT_PROJECT_REF, tableId } = useParams({ strict: false })
  const chosenSchema = useSearch({ strict: false }).schema
  const openId = tableId === undefined ? undefined : Number(tableId)
  const openTable = useQuery({ ...tableQuery(api, ref, openId ?? 0), enabled: openId !== undefined && !chosenSchema })
  const schema = chosenSchema ?? (openId === undefined || openTable.isError ? 'public' : openTable.data?.schema)
  const schemas = useQuery(schemasQuery(api, ref))

  return (
    <aside className="te-sidebar" aria-label="Table list">
      <div className="te-sidebar__top">
        {schemas.isError ? (
          <Alert
            type="destructive"
            title={MSG.schemasFailed}
            action={
              <Button size="sm" onClick={() => press('table-editor.schemas.reload')} loading={schemas.isFetching}>
                {MSG.reloadSchemas}
              </Button>
            }
          />
        ) : (
          <SchemaSelect
            value={schema ?? ''}
            schemas={visibleSchemas(schemas.data ?? [])}
            onChange={(s) => press('table-editor.schema.select', { schema: s })}
          />
        )}
      </div>
      {schema === undefined ? (
        <div className="te-center">
          <Spinner label="Loading tables" />
        </div>
      ) : (
        <SchemaEntities projectRef={ref} schema={schema} openId={openId} />
      )}
    </aside>
  )
}

function SchemaEntities({ projectRef, schema, openId }: { projectRef: string; schema: string; openId: number | undefined }) {
  const api = useApi()
  const { sort } = useSnapshot(tableListState)
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const entities = useInfiniteQuery(entitiesQuery(api, projectRef, { schema, search: term || undefined, sort }))
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = entities
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const list = entities.data?.pages.flatMap((p) => p.data) ?? []
  const locked = isProtectedSchema(schema)
  const canChangeTables = useCan('tenantSqlAdminWrite')

  return (
    <>
      {locked && (
        <Alert type="warning" className="te-sidebar__notice">
          {MSG.protectedSchema(schema)}
        </Alert>
      )}
      <div className="te-sidebar__tools">
        <Input
          size="sm"
          icon={<Search size={14} />}
          placeholder="Search tables"
          aria-label="Search tables"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && search && (e.stopPropagation(), setSearch(''))}
        />
        <TableListSortMenu />
        <NewTableButton schema={schema} allowed={canChangeTables} />
      </div>
      {entities.isPending ? (
        <div className="te-center">
          <Spinner label="Loading tables" />
        </div>
      ) : entities.isError ? (
        <Alert type="destructive" className="te-sidebar__notice" title="Failed to load tables">
          {entities.error.message}
        </Alert>
      ) : list.length === 0 ? (
        term ? (
          <EmptyState className="te-sidebar__empty" title={MSG.noResults} description={MSG.noMatch} />
        ) : (
          <EmptyState className="te-sidebar__empty" title={MSG.noEntities} />
        )
      ) : (
        <EntityList
          projectRef={projectRef}
          entities={list}
          grouped={sort === 'grouped-alphabetical'}
          locked={locked}
          editable={canChangeTables && !locked}
          openId={openId}
          hasMore={Boolean(hasNextPage)}
          loadMore={loadMore}
        />
      )}
    </>
  )
}

/** Spec 6: creating a table needs tenant SQL admin write; a protected schema takes no new tables. */
function NewTableButton({ schema, allowed }: { schema: string; allowed: boolean }) {
  const reason = !allowed ? MSG.createTablesPermission : isProtectedSchema(schema) ? MSG.protectedSchema(schema) : null
  return (
    <Tooltip content={reason ?? `New table in ${schema}`} binding={reason ? undefined : bindingFor('table-editor.table.create-panel.open')}>
      <span className="st-new-table">
        <Button
          size="sm"
          icon={<Plus size={14} />}
          aria-label="New table"
          disabled={reason !== null}
          onClick={() => press('table-editor.table.create-panel.open', { schema })}
        />
      </span>
    </Tooltip>
  )
}
