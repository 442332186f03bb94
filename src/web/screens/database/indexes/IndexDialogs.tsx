import { useId, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { INDEX_METHODS, type IndexMethod } from '../../../../shared/contract/pg-meta-indexes'
import { quoteIdent, quoteQualified } from '../../../../shared/sql-quote'
import { useApi } from '../../../commands-context'
import { Badge, Button, CopyButton, Dialog, FormDialog, Field, IconButton, Input, Select, Switch } from '../../../ui'
import { indexesQuery, indexTablesQuery, keyLabel } from '../../../model/database/indexes/indexes-data'
import { closeIndexDialog, indexesState, type IndexPrefill } from '../../../model/database/indexes/indexes-state'
import { studioQuery } from '../../../model/project/project-queries'

const METHOD_HINTS: Record<IndexMethod, string> = {
  btree: 'Equality and ranges (=, <, >, BETWEEN, ORDER BY): the default',
  hash: 'Equality (=) only',
  gin: 'Values holding many keys: jsonb, arrays, full-text search',
  gist: 'Geometry, ranges, nearest-neighbour search',
  brin: 'Very large tables whose rows follow the column’s order (timestamps)',
}

/** The open index dialog, if any: create (maybe prefilled from a hint), or an index's definition. */
export function IndexDialogs({ projectRef, schema }: { projectRef: string; schema: string }) {
  const { dialog } = useSnapshot(indexesState)
  if (!dialog) return null
  if (dialog.kind === 'create') return <CreateIndexDialog projectRef={projectRef} schema={schema} prefill={dialog.prefill} />
  return <DefinitionDialog projectRef={projectRef} schema={schema} indexId={dialog.indexId} />
}

interface Key {
  name: string
  desc: boolean
}

function CreateIndexDialog({ projectRef, schema, prefill }: { projectRef: string; schema: string; prefill: IndexPrefill }) {
  const api = useApi()
  const formId = useId()
  const ids = { table: useId(), add: useId(), method: useId(), where: useId(), name: useId() }
  const tables = useQuery(indexTablesQuery(api, projectRef, schema))
  const studio = useQuery(studioQuery(api))
  const [tableId, setTableId] = useState<number | undefined>(prefill.tableId)
  const [keys, setKeys] = useState<Key[]>(() => (prefill.columns ?? []).map((name) => ({ name, desc: false })))
  const [method, setMethod] = useState<IndexMethod>('btree')
  const [unique, setUnique] = useState(false)
  const [where, setWhere] = useState('')
  const [name, setName] = useState('')
  const [concurrently, setConcurrently] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const onPostgres = studio.data?.database === 'postgres'
  const btree = method === 'btree'

  const table = tables.data?.find((t) => t.id === tableId)
  const unpicked = (table?.columns ?? []).filter((c) => !keys.some((k) => k.name === c.name))

  const preview = useMemo(() => {
    if (!table || keys.length === 0) return null
    const cols = keys.map((k) => `${quoteIdent(k.name)}${btree && k.desc ? ' DESC' : ''}`).join(', ')
    return `CREATE ${btree && unique ? 'UNIQUE ' : ''}INDEX ${onPostgres && concurrently ? 'CONCURRENTLY ' : ''}${name.trim() ? `${quoteIdent(name.trim())} ` : ''}ON ${quoteQualified(table.schema, table.name)} USING ${method} (${cols})${where.trim() ? ` WHERE (${where.trim()})` : ''}`
  }, [table, keys, btree, unique, onPostgres, concurrently, name, method, where])

  const move = (i: number, by: number) =>
    setKeys((ks) => {
      const next = [...ks]
      const [k] = next.splice(i, 1)
      next.splice(i + by, 0, k!)
      return next
    })

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setFailure(null)
    if (tableId === undefined) return setFailure('Pick a table')
    if (keys.length === 0) return setFailure('Pick at least one column')
    setSubmitting(true)
    try {
      await run(
        'database.index.create',
        {
          table: tableId,
          columns: keys.map((k) => k.name),
          method,
          ...(btree && { unique, descending: keys.filter((k) => k.desc).map((k) => k.name) }),
          ...(where.trim() && { where: where.trim() }),
          ...(name.trim() && { name: name.trim() }),
          ...(onPostgres && concurrently && { concurrently: true }),
        },
        'button',
      )
      closeIndexDialog()
    } catch (x) {
      setFailure((x as Error).message)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <FormDialog
      size="medium"
      title="Create a new index"
      description={`An index on a table of ${schema}. Pick its columns in the order queries use them.`}
      submitLabel="Create index"
      submitting={submitting}
      failure={failure}
      onSubmit={submit}
      onClose={closeIndexDialog}
      formClassName="db-form"
      formId={formId}
    >
      <Field label="Table" htmlFor={ids.table}>
        <Select
          id={ids.table}
          aria-label="Table"
          placeholder={tables.data ? (tables.data.length ? 'Pick a table' : `No tables in ${schema}`) : 'Loading tables…'}
          value={tableId === undefined ? undefined : String(tableId)}
          options={(tables.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          onValueChange={(v) => {
            setTableId(Number(v))
            setKeys([])
          }}
        />
      </Field>
      <div className="ui-field">
        <span className="ui-field__label" id={`${ids.add}-label`}>Columns, in order</span>
        {keys.length > 0 && (
          <ol className="idx-keys" aria-label="Index columns">
            {keys.map((k, i) => (
              <li key={k.name} className="idx-key">
                <span className="idx-key__pos">{i + 1}</span>
                <span className="idx-mono idx-key__name">{k.name}</span>
                {btree && (
                  <Button size="sm" variant="ghost" aria-label={`Order of ${k.name}`} aria-pressed={k.desc}
                    onClick={() => setKeys((ks) => ks.map((x) => (x.name === k.name ? { ...x, desc: !x.desc } : x)))}>
                    {k.desc ? 'DESC' : 'ASC'}
                  </Button>
                )}
                <IconButton size="sm" variant="ghost" icon={<ArrowUp size={13} />} label={`Move ${k.name} up`} disabled={i === 0} onClick={() => move(i, -1)} />
                <IconButton size="sm" variant="ghost" icon={<ArrowDown size={13} />} label={`Move ${k.name} down`} disabled={i === keys.length - 1} onClick={() => move(i, 1)} />
                <IconButton size="sm" variant="ghost" icon={<X size={13} />} label={`Remove ${k.name}`} onClick={() => setKeys((ks) => ks.filter((x) => x.name !== k.name))} />
              </li>
            ))}
          </ol>
        )}
        <Select
          id={ids.add}
          aria-label="Add column"
          disabled={!table || unpicked.length === 0}
          placeholder={!table ? 'Pick a table first' : unpicked.length ? 'Add a column' : 'Every column is in the index'}
          value="" // back to its placeholder after each pick
          options={unpicked.map((c) => ({ value: c.name, label: `${c.name}  ·  ${c.format}` }))}
          onValueChange={(v) => setKeys((ks) => [...ks, { name: v, desc: false }])}
        />
      </div>
      <Field label="Method" htmlFor={ids.method} hint={METHOD_HINTS[method]}>
        <Select id={ids.method} aria-label="Method" value={method} options={INDEX_METHODS.map((m) => ({ value: m }))} onValueChange={(v) => setMethod(v as IndexMethod)} />
      </Field>
      {btree && (
        <div className="db-switch-field">
          <Switch id={`${formId}-unique`} checked={unique} onCheckedChange={setUnique} label="Unique" />
          <label htmlFor={`${formId}-unique`}>
            <span className="db-switch-field__label">Unique</span>
            <span className="db-switch-field__hint">No two rows may hold the same values in these columns</span>
          </label>
        </div>
      )}
      <Field label="Partial index: WHERE (optional)" htmlFor={ids.where} hint="Index only the rows that match, e.g. deleted_at IS NULL">
        <Input id={ids.where} className="idx-mono" autoComplete="off" spellCheck={false} value={where} onChange={(e) => setWhere(e.target.value)} placeholder="status = 'open'" />
      </Field>
      <Field label="Name (optional)" htmlFor={ids.name} hint="Postgres names it after the table and columns when left empty">
        <Input id={ids.name} className="idx-mono" autoComplete="off" spellCheck={false} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      {onPostgres && (
        <div className="db-switch-field">
          <Switch id={`${formId}-concurrently`} checked={concurrently} onCheckedChange={setConcurrently} label="Concurrently" />
          <label htmlFor={`${formId}-concurrently`}>
            <span className="db-switch-field__label">Build concurrently</span>
            <span className="db-switch-field__hint">Writes to the table go on while it builds (slower, and run outside a transaction)</span>
          </label>
        </div>
      )}
      {preview && (
        <pre className="idx-preview" aria-label="SQL to run">
          {preview}
        </pre>
      )}
    </FormDialog>
  )
}

function DefinitionDialog({ projectRef, schema, indexId }: { projectRef: string; schema: string; indexId: number }) {
  const indexes = useQuery(indexesQuery(useApi(), projectRef, schema))
  const index = indexes.data?.find((x) => x.id === indexId)
  if (!index) return null
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeIndexDialog()}
      size="medium"
      title={`Index ${index.name}`}
      description={`On ${index.schema}.${index.table}: ${index.columns.map(keyLabel).join(', ')}`}
      footer={
        <>
          <CopyButton text={`${index.index_definition};`} label="Copy SQL" />
          <Button variant="primary" onClick={closeIndexDialog}>Done</Button>
        </>
      }
    >
      <div className="idx-definition">
        <div className="idx-badges">
          <Badge>{index.access_method}</Badge>
          {index.is_primary && <Badge tone="accent">Primary</Badge>}
          {index.is_unique && !index.is_primary && <Badge tone="info">Unique</Badge>}
          {!index.is_valid && <Badge tone="danger">Invalid</Badge>}
          <span className="idx-faint">{index.size} · {index.scans === null ? 'no statistics' : `${index.scans.toLocaleString()} scans`}</span>
        </div>
        <pre className="idx-preview" aria-label="Definition">{index.index_definition};</pre>
      </div>
    </Dialog>
  )
}
