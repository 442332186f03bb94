import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { useApi } from '../../../commands-context'
import { Input } from '../../../ui'
import { useDebouncedValue } from '../../table-editor/useDebouncedValue'
import { publicationTablesQuery } from '../../../model/database/replication/publications-data'

/** Tables to publish: searched by name, each one a checkbox; the chosen ones as "schema.name". */
export function TablePicker({ projectRef, chosen, onChange }: { projectRef: string; chosen: readonly string[]; onChange: (next: string[]) => void }) {
  const [search, setSearch] = useState('')
  const settled = useDebouncedValue(search.trim(), 200)
  const tables = useQuery(publicationTablesQuery(useApi(), projectRef, settled))
  const names = (tables.data?.data ?? []).map((t) => `${t.schema}.${t.name}`)
  // the chosen ones first, even when the search hides them
  const shown = [...chosen.filter((n) => !settled || n.includes(settled)), ...names.filter((n) => !chosen.includes(n))]
  const toggle = (name: string) => onChange(chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name])
  return (
    <div className="pub-picker">
      <div className="pub-picker__bar">
        <Input
          type="search"
          size="sm"
          icon={<Search size={14} />}
          placeholder="Search for a table"
          aria-label="Search for a table"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="pub-picker__count">{chosen.length} chosen</span>
      </div>
      <ul className="pub-picker__list" aria-label="Tables">
        {shown.map((name) => (
          <li key={name}>
            <label className="pub-picker__item">
              <input type="checkbox" checked={chosen.includes(name)} onChange={() => toggle(name)} />
              <span>{name}</span>
            </label>
          </li>
        ))}
        {tables.data && shown.length === 0 && <li className="pub-picker__empty">No table matches</li>}
      </ul>
    </div>
  )
}
