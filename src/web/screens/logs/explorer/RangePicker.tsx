/**
 * The explorer's time range: a preset, or a custom start and end (local time in the fields, ISO in the URL).
 * Both go through logs.explorer.range.set, which puts them in the URL and runs the query shown again.
 */
import { useState } from 'react'
import { press } from '../../../commands-run'
import { LOG_RANGES, rangeBounds, type LogRangeSearch } from '../../../model/logs/time-range'
import { Button, Input, Select } from '../../../ui'

const OPTIONS = [...LOG_RANGES.map((r) => ({ value: r.id, label: r.label })), { value: 'custom', label: 'Custom range…' }]

/** An ISO time as a datetime-local field's value (local time, to the minute). */
function localValue(iso: string): string {
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

export function RangePicker({ search, disabled }: { search: LogRangeSearch; disabled: boolean }) {
  const bounds = rangeBounds(search)
  const [custom, setCustom] = useState(search.range === 'custom')
  const [start, setStart] = useState(localValue(bounds.start))
  const [end, setEnd] = useState(localValue(bounds.end))
  const valid = !!start && !!end && Date.parse(start) < Date.parse(end)
  return (
    <div className="logs-range" role="group" aria-label="Time range">
      <Select
        size="sm"
        aria-label="Time range"
        value={custom ? 'custom' : (search.range ?? '1h')}
        options={OPTIONS}
        disabled={disabled}
        onValueChange={(value) => {
          if (value === 'custom') return setCustom(true)
          setCustom(false)
          press('logs.explorer.range.set', { range: value as (typeof LOG_RANGES)[number]['id'] })
        }}
      />
      {custom && (
        <form
          className="logs-range__custom"
          onSubmit={(e) => {
            e.preventDefault()
            press('logs.explorer.range.set', { range: 'custom', start: new Date(start).toISOString(), end: new Date(end).toISOString() })
          }}
        >
          <Input type="datetime-local" aria-label="From" value={start} onChange={(e) => setStart(e.target.value)} />
          <span aria-hidden>–</span>
          <Input type="datetime-local" aria-label="To" value={end} onChange={(e) => setEnd(e.target.value)} />
          <Button size="sm" type="submit" disabled={disabled || !valid}>
            Apply
          </Button>
        </form>
      )}
    </div>
  )
}
