/**
 * A chosen number column of the result over a chosen time column (recharts), its colours from the theme's
 * CSS variables (logs.css), so it reads in light and dark. The pickers run logs.explorer.chart.set; a result
 * with no time column says so instead.
 */
import { useMemo } from 'react'
import { useSnapshot } from 'valtio'
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { LineChart as ChartIcon } from 'lucide-react'
import type { Row } from '../../../../shared/api'
import { MSG } from '../../../../shared/messages'
import { press } from '../../../commands-run'
import { chartPoints, numericColumns, timeColumns } from '../../../model/logs/explorer/columns'
import { logsExplorer } from '../../../model/logs/explorer/explorer-state'
import { EmptyState, Select } from '../../../ui'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Ticks as fine as the span drawn needs: seconds within a few minutes, the date past a day. */
function tickFormat(span: number): (t: number) => string {
  if (span < 5 * MINUTE) return (t) => new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })
  if (span < DAY) return (t) => new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
  return (t) => new Date(t).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}
const timeLabel = (t: unknown) => new Date(Number(t)).toLocaleString()

export function ResultsChart({ rows }: { rows: readonly Row[] }) {
  const { chart } = useSnapshot(logsExplorer)
  const times = useMemo(() => timeColumns(rows), [rows])
  const numbers = useMemo(() => numericColumns(rows), [rows])
  const points = useMemo(() => chartPoints(rows, chart), [rows, chart])
  if (!times.length) {
    return <EmptyState className="logs-chart__empty" icon={<ChartIcon size={18} />} title="Nothing to chart" description={MSG.logsExplorerNoTimeColumn} />
  }
  const pick = (time: string | null, value: string | null) => time && value && press('logs.explorer.chart.set', { time, value })
  return (
    <section className="logs-chart" aria-label="Chart">
      <div className="logs-chart__pickers">
        <Select size="sm" aria-label="Chart value" value={chart.value ?? undefined} placeholder="Number column" options={numbers.map((value) => ({ value }))} onValueChange={(v) => pick(chart.time, v)} />
        <span className="logs-muted">over</span>
        <Select size="sm" aria-label="Chart time" value={chart.time ?? undefined} options={times.map((value) => ({ value }))} onValueChange={(t) => pick(t, chart.value)} />
      </div>
      {!chart.value ? (
        <p className="logs-muted logs-chart__note">The result has no number column to draw.</p>
      ) : (
        <div className="logs-chart__plot" data-points={points.length}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid className="logs-chart__grid" vertical={false} />
              <XAxis dataKey="t" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={tickFormat(points.length ? points.at(-1)!.t - points[0]!.t : 0)} className="logs-chart__axis" minTickGap={40} />
              <YAxis className="logs-chart__axis" width={56} allowDecimals />
              <Tooltip
                labelFormatter={timeLabel}
                formatter={(v) => [String(v), chart.value]}
                contentStyle={{ background: 'var(--bg-elevated)', border: '1px solid var(--border)', borderRadius: 'var(--radius)', color: 'var(--text)' }}
                labelStyle={{ color: 'var(--text-muted)' }}
                itemStyle={{ color: 'var(--accent-text)' }}
              />
              <Line type="linear" dataKey="v" className="logs-chart__line" dot={points.length < 60} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
    </section>
  )
}
