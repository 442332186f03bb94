import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { FileText } from 'lucide-react'
import { run } from '../../../../../commands/all'
import type { GridTable } from '../../../../shared/api'
import { useApi } from '../../../commands-context'
import { tableQuery } from '../../../model/project/queries'
import { Alert, Button, Field, Input, cx } from '../../../ui'
import { SidePanel } from '../structure/SidePanel'
import { useCan } from '../../../useCan'
import { ColumnMapping } from './ColumnMapping'
import { CsvPreviewTable } from './CsvPreviewTable'
import { CsvSourcePicker, type CsvSource } from './CsvSourcePicker'
import { ImportProgress } from './ImportProgress'
import { NewTableColumns, type NewColumn } from './NewTableColumns'
import { autoMapping, columnNames, inferColumnTypes } from '../../../model/table-editor/io/csv-types'
import { PREVIEW_ROWS, readCsvPreview, type CsvPreview } from '../../../model/table-editor/io/csv-preview'
import { closeImportWizard, importState, resetImport } from '../../../model/table-editor/io/import-state'
import { about } from '../../../model/table-editor/io/row-estimate'
import './io.css'

/** 'Import data from CSV': the side panel the import command's wizard opens on the open table. */
export function ImportWizard({ projectRef }: { projectRef: string }) {
  const { open } = useSnapshot(importState)
  const { tableId } = useParams({ strict: false })
  const table = useQuery({ ...tableQuery(useApi(), projectRef, Number(tableId)), enabled: open && tableId !== undefined })
  if (!open || !table.data) return null
  return <Wizard key={table.data.id} table={table.data} />
}

interface Loaded {
  source: CsvSource
  preview: CsvPreview
}

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`

function Wizard({ table }: { table: GridTable }) {
  const { phase } = useSnapshot(importState)
  const canCreate = useCan('tenantSqlAdminWrite')
  const nameId = useId()
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [reading, setReading] = useState<string | null>(null)
  const [mode, setMode] = useState<'existing' | 'new'>('existing')
  const [mapping, setMapping] = useState<Record<string, string>>({})
  const [newName, setNewName] = useState('')
  const [newColumns, setNewColumns] = useState<NewColumn[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const busy = phase === 'importing'

  async function pick(source: CsvSource) {
    setFailure(null)
    setReading(source.name)
    resetImport()
    try {
      const preview = await readCsvPreview(source.file)
      if (preview.headers.length === 0) throw new Error('The file has no header row')
      setLoaded({ source, preview })
      setMapping(autoMapping(preview.headers, table.columns.map((c) => c.name)))
      const names = columnNames(preview.headers)
      const types = inferColumnTypes(preview.headers, preview.rows)
      setNewColumns(preview.headers.map((header, i) => ({ header, include: true, name: names[i]!, type: types[i]! })))
      setNewName(source.name.replace(/\.csv$/i, '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'imported')
    } catch (e) {
      setFailure((e as Error).message)
    } finally {
      setReading(null)
    }
  }

  const included = newColumns.filter((c) => c.include)
  const ready = loaded !== null && (mode === 'existing' ? Object.keys(mapping).length > 0 : included.length > 0 && newName.trim() !== '')
  const skipped = (header: string) =>
    mode === 'existing' ? !(header in mapping) : !newColumns.some((c) => c.header === header && c.include)

  async function submit() {
    if (!loaded) return
    setFailure(null)
    const args =
      mode === 'existing'
        ? { csv: loaded.source.file, mapping }
        : {
            csv: loaded.source.file,
            mapping: Object.fromEntries(included.map((c) => [c.header, c.name])),
            createTable: { name: newName.trim(), schema: table.schema, types: Object.fromEntries(included.map((c) => [c.name, c.type])) },
          }
    try {
      await run('grid.import.csv', args, 'button')
      closeImportWizard()
    } catch (e) {
      // a bad row is shown by the progress; anything else here
      if (importState.phase !== 'error') setFailure((e as Error).message)
    }
  }

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && !busy && closeImportWizard()}
      className="io-wizard"
      title={`Import data into ${table.name}`}
      description="Add the rows of a CSV file to this table, or to a new table made from the file."
      footer={
        <>
          <Button onClick={closeImportWizard} disabled={busy}>
            {phase === 'error' ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="primary" disabled={!ready} loading={busy} onClick={submit}>
            {phase === 'error' ? 'Try again' : loaded ? `Import ${about(loaded.preview.count)} rows` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="io-body">
        {failure && (
          <Alert type="destructive" title="Nothing was imported">
            {failure}
          </Alert>
        )}
        <ImportProgress />

        <section className="io-step">
          <h3 className="io-step__title">1. File</h3>
          {loaded ? (
            <div className="io-file">
              <FileText size={16} aria-hidden />
              <span className="io-file__name">{loaded.source.name}</span>
              <span className="io-file__meta">
                {size(loaded.preview.bytes)} · {loaded.preview.headers.length} columns · {about(loaded.preview.count)} rows
              </span>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => setLoaded(null)}>
                Change
              </Button>
            </div>
          ) : reading ? (
            <p className="io-muted">Reading {reading}…</p>
          ) : (
            <CsvSourcePicker onPick={pick} />
          )}
        </section>

        {loaded && (
          <>
            <section className="io-step">
              <h3 className="io-step__title">2. Destination</h3>
              <div className="io-choice" role="radiogroup" aria-label="Destination">
                <label className={cx('io-choice__option', mode === 'existing' && 'io-choice__option--on')}>
                  <input type="radio" name="destination" checked={mode === 'existing'} onChange={() => setMode('existing')} disabled={busy} />
                  <span>
                    <strong>Add rows to {table.name}</strong>
                    <small>Each CSV column goes into the column you pick, or is skipped.</small>
                  </span>
                </label>
                <label className={cx('io-choice__option', mode === 'new' && 'io-choice__option--on', !canCreate && 'io-choice__option--off')}>
                  <input type="radio" name="destination" checked={mode === 'new'} onChange={() => setMode('new')} disabled={busy || !canCreate} />
                  <span>
                    <strong>Create a new table</strong>
                    <small>{canCreate ? 'Columns named after the headers, types read from the first rows.' : 'You need additional permissions to create tables'}</small>
                  </span>
                </label>
              </div>
            </section>

            <section className="io-step">
              <h3 className="io-step__title">3. Columns</h3>
              {mode === 'existing' ? (
                <ColumnMapping preview={loaded.preview} columns={table.columns} mapping={mapping} onChange={setMapping} />
              ) : (
                <>
                  <Field label="New table name" htmlFor={nameId} hint={`Created in the ${table.schema} schema${included.some((c) => c.name === 'id') ? '' : ', with an id column as its primary key'}.`}>
                    <Input id={nameId} value={newName} onChange={(e) => setNewName(e.target.value)} spellCheck={false} />
                  </Field>
                  <NewTableColumns preview={loaded.preview} columns={newColumns} onChange={setNewColumns} />
                </>
              )}
            </section>

            <section className="io-step">
              <h3 className="io-step__title">
                4. Preview <span className="io-muted">the first {Math.min(PREVIEW_ROWS, loaded.preview.rows.length)} rows</span>
              </h3>
              <CsvPreviewTable preview={loaded.preview} skipped={skipped} />
            </section>
          </>
        )}
      </div>
    </SidePanel>
  )
}
