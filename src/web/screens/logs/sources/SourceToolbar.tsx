/** A source page's toolbar: range, search (kept in ?search=, focused by Alt+E), live tail, refresh, open in explorer. */
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { ExternalLink, Pause, Play, RotateCw, Search } from 'lucide-react'
import { press } from '../../../commands-run'
import { useCommandState } from '../../../command-state'
import { sourceLogsState } from '../../../model/logs/sources/source-state'
import type { LogRangeSearch } from '../../../model/logs/time-range'
import { Button, Input } from '../../../ui'
import { useUrlSearchDraft } from '../../../useUrlSearchDraft'
import { RangePicker } from '../RangePicker'

const SEARCH_DEBOUNCE_MS = 300

export function SourceToolbar({ range, search }: { range: LogRangeSearch; search: string }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const { searchFocus, scrolledAway } = useSnapshot(sourceLogsState)
  const tail = useCommandState('logs.source.tail.toggle')
  const [draft, setDraft] = useUrlSearchDraft(search.trim(), (text) => press('logs.source.search', { search: text }), SEARCH_DEBOUNCE_MS)
  useEffect(() => {
    if (searchFocus > 0) inputRef.current?.focus()
  }, [searchFocus])

  return (
    <div className="area-toolbar logs-src-toolbar">
      <RangePicker search={range} command="logs.source.range.set" />
      <Input
        ref={inputRef}
        type="search"
        size="sm"
        icon={<Search size={14} />}
        placeholder="Search events"
        aria-label="Search events"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && press('logs.source.search', { search: draft })}
        className="logs-src-search"
      />
      <Button
        size="sm"
        variant={tail.checked ? 'primary' : 'default'}
        icon={tail.checked ? <Pause size={14} /> : <Play size={14} />}
        aria-pressed={tail.checked === true}
        title={tail.checked && scrolledAway ? 'Paused while the list is scrolled down: scroll to the top to resume' : undefined}
        onClick={() => press('logs.source.tail.toggle')}
      >
        {tail.checked ? (scrolledAway ? 'Tail paused' : 'Live') : 'Live tail'}
      </Button>
      <Button size="sm" icon={<RotateCw size={14} />} onClick={() => press('logs.source.refresh')}>
        Refresh
      </Button>
      <Button size="sm" icon={<ExternalLink size={14} />} onClick={() => press('logs.source.explorer.open')}>
        Open in explorer
      </Button>
    </div>
  )
}
