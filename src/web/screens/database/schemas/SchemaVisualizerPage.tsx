/**
 * /project/{ref}/database/schemas?schema=: the Schema Visualizer (issue 15). A schema's tables as nodes
 * with their columns, its foreign keys as edges, laid out automatically; search focuses a table; the
 * diagram exports as PNG or SVG and the schema copies as SQL. Every button runs a command
 * (commands/database-schemas.ts). Protected schemas show too: the diagram changes nothing.
 */
import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { ClipboardCopy, Download, Image, LayoutGrid, Lock, RotateCw, Search, Table2 } from 'lucide-react'
import { useSnapshot } from 'valtio'
import type { SchemaGraph } from '../../../../shared/contract/pg-meta-schema-graph'
import { MSG } from '../../../../shared/messages'
import { isProtectedSchema } from '../../../../shared/constants'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { schemasQuery } from '../../../model/project/queries'
import { DEFAULT_SCHEMA, schemaGraphQuery } from '../../../model/database/schemas/schema-graph-data'
import { findableTables, matchTables } from '../../../model/database/schemas/table-search'
import { visualizerState } from '../../../model/database/schemas/visualizer-state'
import { Alert, Badge, Button, DisabledReason, DropdownMenu, EmptyState, Input, MenuItem, Spinner } from '../../../ui'
import { useCommandReason } from '../../../useCan'
import { SchemaSelect } from '../../table-editor/SchemaSelect'
import { SchemaDiagram } from './SchemaDiagram'
import './schemas.css'

const ROUTE = '/project/$ref/database/schemas'
const SEARCH_DEBOUNCE_MS = 200

export function SchemaVisualizerPage() {
  const { ref } = useParams({ from: ROUTE })
  const schema = useSearch({ from: ROUTE }).schema ?? DEFAULT_SCHEMA
  const api = useApi()
  const schemas = useQuery(schemasQuery(api, ref))
  const graph = useQuery(schemaGraphQuery(api, ref, schema))
  const { overrides } = useSnapshot(keymap)
  const exportReason = useCommandReason('database.schemas.export.png')
  const fks = graph.data?.relationships.length ?? 0
  const tables = graph.data?.tables.length ?? 0

  // a new schema: nothing of the last one stays in focus
  useEffect(() => () => {
    visualizerState.focused = null
  }, [schema])

  return (
    <div className="db-page">
      <header className="area-header viz-header">
        <div className="viz-header__text">
          <h1 className="area-header__title">Schema Visualizer</h1>
          <p className="area-header__lead" role="status">
            {graph.data ? `${tables} ${tables === 1 ? 'table' : 'tables'} · ${fks} ${fks === 1 ? 'foreign key' : 'foreign keys'}` : '\u00a0'}
          </p>
        </div>
        <div className="area-toolbar viz-toolbar">
          <SchemaSelect value={schema} schemas={schemas.data ?? []} onChange={(s) => press('database.schemas.schema.set', { schema: s })} />
          {isProtectedSchema(schema) && (
            <Badge tone="warning" className="viz-locked">
              <Lock size={12} aria-hidden /> Locked
            </Badge>
          )}
          <TableSearch key={schema} graph={graph.data} binding={bindingFor('database.schemas.table.find', overrides)} />
          <Button icon={<LayoutGrid size={14} />} onClick={() => press('database.schemas.layout.reset')} disabled={!graph.data}>
            Reset layout
          </Button>
          <DisabledReason reason={exportReason}>
            <DropdownMenu
              align="end"
              trigger={
                <Button icon={<Download size={14} />} disabled={exportReason !== null}>
                  Export
                </Button>
              }
            >
              <MenuItem icon={<Image size={14} />} binding={bindingFor('database.schemas.export.png', overrides)} onSelect={() => press('database.schemas.export.png')}>
                Export as PNG
              </MenuItem>
              <MenuItem icon={<Image size={14} />} onSelect={() => press('database.schemas.export.svg')}>
                Export as SVG
              </MenuItem>
            </DropdownMenu>
          </DisabledReason>
          <Button icon={<ClipboardCopy size={14} />} onClick={() => press('database.schemas.sql.copy')} disabled={!graph.data || tables === 0}>
            Copy as SQL
          </Button>
        </div>
      </header>
      {graph.isError ? (
        <Alert
          type="destructive"
          title={MSG.schemaGraphError}
          action={<Button icon={<RotateCw size={14} />} onClick={() => press('database.schemas.refresh')}>Retry</Button>}
          className="db-error"
        >
          {graph.error.message}
        </Alert>
      ) : !graph.data ? (
        <div className="viz-loading" aria-busy="true">
          <Spinner /> Loading schema {schema}…
        </div>
      ) : graph.data.tables.length === 0 ? (
        <EmptyState
          icon={<Table2 size={24} />}
          title={MSG.schemaGraphEmpty(schema)}
          description="Tables created in this schema show here with their columns and foreign keys."
        />
      ) : (
        <SchemaDiagram key={schema} projectRef={ref} schema={schema} graph={graph.data} />
      )}
    </div>
  )
}

/** The search box: typing focuses the best match (the 'database.schemas.table.find' command), Enter again. */
function TableSearch({ graph, binding }: { graph: SchemaGraph | undefined; binding?: string }) {
  const [text, setText] = useState('')
  const all = useMemo(() => (graph ? findableTables(graph) : []), [graph])
  const matches = useMemo(() => matchTables(all, text), [all, text])
  const best = matches[0]?.id

  useEffect(() => {
    if (!best) return
    const timer = setTimeout(() => press('database.schemas.table.find', { table: best }), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [best])

  return (
    <div className="viz-search">
      <Input
        type="search"
        size="md"
        icon={<Search size={14} />}
        placeholder="Find a table"
        aria-label="Find a table"
        title={binding ? `Find a table (${binding})` : undefined}
        value={text}
        disabled={!graph}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim()) press('database.schemas.table.find', { table: best ?? text })
          if (e.key === 'Escape') {
            setText('')
            if (visualizerState.focused) press('database.schemas.table.unfocus')
          }
        }}
        className="viz-search__input"
      />
      {text.trim() !== '' && (
        <span className="viz-search__hint" role="status">
          {matches.length === 0 ? 'No match' : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}`}
        </span>
      )}
    </div>
  )
}
