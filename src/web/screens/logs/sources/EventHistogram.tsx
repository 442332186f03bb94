/**
 * The events over the range as stacked bars (errors, warnings, the rest), coloured by the theme's variables
 * (logs.css). Dragging across bars (or clicking one) zooms the range to them: a custom range through
 * logs.source.range.set.
 */
import { useState } from 'react'
import { Bar, BarChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { BarChart3 } from 'lucide-react'
import { press } from '../../../commands-run'
import type { LogSource } from '../../../../shared/logs'
import type { Histogram } from '../../../model/logs/sources/histogram'
import { STATUS_PARTS } from '../../../model/logs/sources/status'
import { EmptyState } from '../../../ui'

const tick = (seconds: number) => (ms: number) =>
  new Date(ms).toLocaleString(undefined, seconds >= 86_400 ? { month: 'short', day: 'numeric' } : seconds >= 3600 ? { weekday: 'short', hour: '2-digit' } : { hour: '2-digit', minute: '2-digit' })

export function EventHistogram({ source, histogram }: { source: LogSource; histogram: Histogram }) {
  const parts = STATUS_PARTS[source]
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null)
  const width = histogram.seconds * 1000
  if (histogram.total === 0) {
    return (
      <div className="logs-src-chart logs-src-chart--empty">
        <EmptyState icon={<BarChart3 size={20} />} title="No events in this range" description="Widen the time range, or change the search." />
      </div>
    )
  }
  const zoom = () => {
    if (!drag) return
    const from = Math.min(drag.from, drag.to)
    const to = Math.max(drag.from, drag.to) + width
    setDrag(null)
    press('logs.source.range.set', { range: 'custom', start: new Date(from).toISOString(), end: new Date(to).toISOString() })
  }
  const at = (state: { activeLabel?: unknown }) => (typeof state?.activeLabel === 'number' ? state.activeLabel : Number(state?.activeLabel))
  return (
    <div className="logs-src-chart" aria-label="Events over time" role="figure">
      <p className="logs-src-chart__total">
        {histogram.total.toLocaleString()} {histogram.total === 1 ? 'event' : 'events'}
        <span className="logs-src-chart__hint"> · drag across bars to zoom</span>
      </p>
      <div className="logs-src-chart__plot">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={histogram.bars}
            barCategoryGap={1}
            onMouseDown={(s) => Number.isFinite(at(s)) && setDrag({ from: at(s), to: at(s) })}
            onMouseMove={(s) => drag && Number.isFinite(at(s)) && setDrag({ ...drag, to: at(s) })}
            onMouseUp={zoom}
            onMouseLeave={() => setDrag(null)}
          >
            <XAxis dataKey="start" tickFormatter={tick(histogram.seconds)} minTickGap={40} tickLine={false} />
            <YAxis allowDecimals={false} width={40} tickLine={false} axisLine={false} />
            <Tooltip
              wrapperClassName="logs-src-chart__tooltip"
              cursor={{ className: 'logs-src-chart__cursor' }}
              labelFormatter={(ms) => new Date(Number(ms)).toLocaleString()}
            />
            <Bar dataKey="ok" name={parts.ok} stackId="s" className="logs-src-bar--ok" isAnimationActive={false} />
            <Bar dataKey="warnings" name={parts.warnings} stackId="s" className="logs-src-bar--warning" isAnimationActive={false} />
            <Bar dataKey="errors" name={parts.errors} stackId="s" className="logs-src-bar--error" isAnimationActive={false} />
            {drag && <ReferenceArea x1={Math.min(drag.from, drag.to)} x2={Math.max(drag.from, drag.to)} className="logs-src-chart__zoom" />}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  )
}
