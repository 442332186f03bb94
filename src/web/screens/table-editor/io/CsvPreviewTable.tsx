import type { CsvPreview } from '../../../model/table-editor/io/csv-preview'
import { cx } from '../../../ui'

/** The preview rows as a small table; CSV columns that will be skipped are dimmed. */
export function CsvPreviewTable({ preview, skipped }: { preview: CsvPreview; skipped: (header: string) => boolean }) {
  return (
    <div className="io-preview" tabIndex={0} aria-label="The first rows of the CSV">
      <table>
        <thead>
          <tr>
            {preview.headers.map((h, i) => (
              <th key={i} className={cx(skipped(h) && 'io-preview__skipped')}>
                {h || <em>(no name)</em>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, r) => (
            <tr key={r}>
              {preview.headers.map((h, i) => (
                <td key={i} className={cx(skipped(h) && 'io-preview__skipped', !row[i] && 'io-preview__null')}>
                  {row[i] || 'NULL'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
