/**
 * A logs page's time range: a preset, or a custom start and end (local time in the fields, to the second; ISO
 * in the URL), both through the page's range command. A range set elsewhere (a zoom on a histogram) shows its
 * own bounds: the custom fields are keyed by the URL's.
 */
import { useState } from 'react'
import { press } from '../../commands-run'
import { LOG_RANGES, rangeBounds, type LogRangeSearch } from '../../model/logs/time-range'
import { Button, Input, Select } from '../../ui'

const OPTIONS = [...LOG_RANGES.map((r) => ({ value: r.id, label: r.label })), { value: 'custom', label: 'Custom range…' }]

/** The command that sets the range of the page: a source view's, or the explorer's (which runs the query again). */
type RangeCommand = 'logs.source.range.set' | 'logs.explorer.range.set'

/** An ISO time as a datetime-local field's value (local time, to the second). */
function localValue(iso: string): string {
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19)
}

function CustomRange({ search, command, disabled }: { search: LogRangeSearch; command: RangeCommand; disabled: boolean }) {
  const bounds = rangeBounds(search)
  const [start, setStart] = useState(localValue(bounds.start))
  const [end, setEnd] = useState(localValue(bounds.end))
  const valid = !!start && !!end && Date.parse(start) < Date.parse(end)
  return (
    <form
      className="logs-range__custom"
      onSubmit={(e) => {
        e.preventDefault()
        press(command, { range: 'custom', start: new Date(start).toISOString(), end: new Date(end).toISOString() })
      }}
    >
      <Input type="datetime-local" size="sm" step={1} aria-label="From" value={start} onChange={(e) => setStart(e.target.value)} />
      <span aria-hidden>–</span>
      <Input type="datetime-local" size="sm" step={1} aria-label="To" value={end} onChange={(e) => setEnd(e.target.value)} />
      <Button size="sm" type="submit" disabled={disabled || !valid}>
        Apply
      </Button>
    </form>
  )
}

export function RangePicker({ search, command, disabled = false }: { search: LogRangeSearch; command: RangeCommand; disabled?: boolean }) {
  const [picked, setPicked] = useState(false)
  const custom = picked || search.range === 'custom'
  return (
    <div className="logs-range" role="group" aria-label="Time range">
      <Select
        size="sm"
        aria-label="Time range"
        value={custom ? 'custom' : (search.range ?? '1h')}
        options={OPTIONS}
        disabled={disabled}
        onValueChange={(value) => {
          setPicked(value === 'custom')
          if (value !== 'custom') press(command, { range: value as (typeof LOG_RANGES)[number]['id'] })
        }}
      />
      {custom && <CustomRange key={`${search.start}-${search.end}`} search={search} command={command} disabled={disabled} />}
    </div>
  )
}
