import type { Column } from '../../../../shared/api'
import { Select } from '../../../ui'
import { columnType } from '../../../model/table-editor/structure/column-types'
import type { CsvPreview } from '../../../model/table-editor/io/csv-preview'

const SKIP = '\u0000skip'

interface ColumnMappingProps {
  preview: CsvPreview
  columns: readonly Column[]
  /** CSV header → column; headers left out are skipped */
  mapping: Readonly<Record<string, string>>
  onChange: (mapping: Record<string, string>) => void
}

/** Each CSV column to a column of the table, or skipped; a column takes one CSV column at most. */
export function ColumnMapping({ preview, columns, mapping, onChange }: ColumnMappingProps) {
  function assign(header: string, column: string) {
    const next = Object.fromEntries(Object.entries(mapping).filter(([h, c]) => h !== header && c !== column))
    onChange(column === SKIP ? next : { ...next, [header]: column })
  }
  const writable = columns.filter((c) => !c.is_generated && c.identity_generation !== 'ALWAYS')
  return (
    <table className="io-mapping">
      <thead>
        <tr>
          <th>CSV column</th>
          <th>Example</th>
          <th>Goes into</th>
        </tr>
      </thead>
      <tbody>
        {preview.headers.map((header, i) => (
          <tr key={i}>
            <td className="io-mapping__header">{header}</td>
            <td className="io-mapping__example">{preview.rows[0]?.[i] ?? ''}</td>
            <td>
              <Select
                size="sm"
                aria-label={`Column for ${header}`}
                value={mapping[header] ?? SKIP}
                onValueChange={(v) => assign(header, v)}
                options={[{ value: SKIP, label: 'Skip this column' }, ...writable.map((c) => ({ value: c.name, label: `${c.name} · ${columnType(c)}` }))]}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
