import { Input, Select } from '../../../ui'
import { POSTGRES_TYPES } from '../../../model/table-editor/structure/column-types'
import type { CsvPreview } from '../../../model/table-editor/io/csv-preview'

export interface NewColumn {
  header: string
  include: boolean
  name: string
  type: string
}

interface NewTableColumnsProps {
  preview: CsvPreview
  columns: readonly NewColumn[]
  onChange: (columns: NewColumn[]) => void
}

const TYPES = POSTGRES_TYPES.map((t) => ({ value: t.value }))

/** The new table's columns: one per CSV column, named after its header, typed from the preview rows. */
export function NewTableColumns({ preview, columns, onChange }: NewTableColumnsProps) {
  const change = (i: number, patch: Partial<NewColumn>) => onChange(columns.map((c, j) => (j === i ? { ...c, ...patch } : c)))
  return (
    <table className="io-mapping">
      <thead>
        <tr>
          <th aria-label="Include" />
          <th>Column name</th>
          <th>Type</th>
          <th>Example</th>
        </tr>
      </thead>
      <tbody>
        {columns.map((c, i) => (
          <tr key={i} className={c.include ? undefined : 'io-mapping__off'}>
            <td>
              <input type="checkbox" aria-label={`Include ${c.header}`} checked={c.include} onChange={(e) => change(i, { include: e.target.checked })} />
            </td>
            <td>
              <Input size="sm" aria-label={`Name for ${c.header}`} value={c.name} disabled={!c.include} onChange={(e) => change(i, { name: e.target.value })} />
            </td>
            <td>
              <Select size="sm" aria-label={`Type for ${c.header}`} value={c.type} disabled={!c.include} onValueChange={(type) => change(i, { type })} options={TYPES} />
            </td>
            <td className="io-mapping__example">{preview.rows[0]?.[i] ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
