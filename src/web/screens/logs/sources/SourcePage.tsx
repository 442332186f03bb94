/**
 * /project/{ref}/logs/{source}-logs: one source's events over the range in the URL: the toolbar (range,
 * search, live tail, refresh, open in explorer), the histogram, the list and the chosen event's JSON.
 * Every action is a logs.source.* command (commands/logs-sources.ts).
 */
import { useEffect, useMemo } from 'react'
import { useIsFetching, useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { RotateCw, ScrollText, Search } from 'lucide-react'
import type { LogSource } from '../../../../shared/logs'
import { MSG } from '../../../../shared/messages'
import { useApi, useIsPlatform } from '../../../commands-context'
import { press } from '../../../commands-run'
import { sourceSearchSchema } from '../../../model/logs/search'
import { edgeLabel, logsMenuItem } from '../../../model/logs/menu'
import { eventsQuery, sourceLogsKey, type SourceView } from '../../../model/logs/sources/events'
import { histogramQuery } from '../../../model/logs/sources/histogram'
import { resetSourceLogs, sourceLogsState } from '../../../model/logs/sources/source-state'
import { rangeLabel } from '../../../model/logs/time-range'
import { Alert, Button, EmptyState } from '../../../ui'
import { EventHistogram } from './EventHistogram'
import { EventList } from './EventList'
import { EventPanel } from './EventPanel'
import { SourceToolbar } from './SourceToolbar'
import { useLiveTail } from './useLiveTail'

function SourceLogsPage({ source }: { source: LogSource }) {
  const { ref } = useParams({ strict: false }) as { ref: string }
  const api = useApi()
  const isPlatform = useIsPlatform()
  const { search, ...range } = sourceSearchSchema.parse(useSearch({ strict: false }))
  const view: SourceView = useMemo(() => ({ source, range, search }), [source, range.range, range.start, range.end, search])
  const events = useQuery(eventsQuery(api, ref, view))
  const histogram = useQuery(histogramQuery(api, ref, view))
  const loadingOlder = useIsFetching({ queryKey: [...sourceLogsKey(ref, source), 'older'] }) > 0
  const { selectedId, panelOpen } = useSnapshot(sourceLogsState)
  const polling = useLiveTail(ref, view)
  useEffect(() => resetSourceLogs, [source]) // a new source starts with nothing chosen and no tail

  const title = source === 'edge' ? edgeLabel(isPlatform) : logsMenuItem(`logs.${source}`).label
  const rows = events.data?.rows ?? []
  const selected = panelOpen ? rows.find((r) => r.id === selectedId) : undefined
  const error = events.error ?? histogram.error

  return (
    <div className="area-page logs-src-page">
      <header className="area-header logs-src-header">
        <div>
          <h1 className="area-header__title">{title}</h1>
          <p className="area-header__lead" role="status">
            {events.data ? `${rows.length.toLocaleString()} ${rows.length === 1 ? 'event' : 'events'} shown · ${rangeLabel(range)}` : '\u00a0'}
            {polling && <span className="logs-src-live"> · live</span>}
          </p>
        </div>
        <SourceToolbar range={range} search={search ?? ''} />
      </header>
      {error ? (
        <Alert type="destructive" title="Failed to retrieve logs" action={<Button icon={<RotateCw size={14} />} onClick={() => press('logs.source.refresh')}>Retry</Button>}>
          {error.message}
        </Alert>
      ) : (
        <>
          {histogram.data ? <EventHistogram source={source} histogram={histogram.data} /> : <div className="logs-src-chart logs-src-chart--loading" aria-busy="true" />}
          {!events.data ? (
            <div className="db-skeleton" aria-busy="true" aria-label="Loading events">
              {Array.from({ length: 8 }, (_, i) => <div key={i} className="db-skeleton__row" />)}
            </div>
          ) : rows.length === 0 ? (
            search ? (
              <EmptyState icon={<Search size={20} />} title={MSG.noResults} description={MSG.noMatch} />
            ) : (
              <EmptyState icon={<ScrollText size={20} />} title="No events in this range" description="Events appear here as the service records them; widen the range or turn on the live tail." />
            )
          ) : (
            <div className={selected ? 'logs-src-body logs-src-body--panel' : 'logs-src-body'}>
              <EventList source={source} rows={rows} hasOlder={events.data.hasOlder} loadingOlder={loadingOlder} />
              {selected && <EventPanel source={source} event={selected} />}
            </div>
          )}
        </>
      )}
    </div>
  )
}

export const EdgeLogsPage = () => <SourceLogsPage source="edge" />
export const PostgresLogsPage = () => <SourceLogsPage source="postgres" />
export const PostgrestLogsPage = () => <SourceLogsPage source="postgrest" />
export const AuthLogsPage = () => <SourceLogsPage source="auth" />
export const StorageLogsPage = () => <SourceLogsPage source="storage" />
