/**
 * The columns of a logs result, read from its rows (a SELECT may answer any shape): which hold times and
 * which hold numbers, so the chart offers only columns it can draw, and the points it draws.
 */
import type { Row } from '../../../../shared/api'
import { LOGS_CHART_MAX_POINTS } from '../../../../shared/constants'

export interface ChartColumns {
  /** the column along the x axis: a time */
  time: string | null
  /** the column drawn: a number */
  value: string | null
}

/** Rows looked at to decide a column's kind: enough to be sure, few enough to stay cheap on 10,000 rows. */
const SAMPLE = 50

/** Every key of the rows, in the order they first appear. */
export function columnsOf(rows: readonly Row[]): string[] {
  const seen = new Set<string>()
  for (const row of rows.slice(0, SAMPLE)) for (const key of Object.keys(row)) seen.add(key)
  return [...seen]
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/

const isTime = (v: unknown) => (typeof v === 'string' && ISO_TIME.test(v) && !Number.isNaN(Date.parse(v))) || v instanceof Date
/** A number, or a numeric string (count(*) and numeric columns come as text from PostgreSQL). */
const isNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))

function columnsWhere(rows: readonly Row[], test: (v: unknown) => boolean): string[] {
  const sample = rows.slice(0, SAMPLE)
  return columnsOf(rows).filter((c) => {
    const values = sample.map((r) => r[c]).filter((v) => v !== null && v !== undefined)
    return values.length > 0 && values.every(test)
  })
}

export const timeColumns = (rows: readonly Row[]) => columnsWhere(rows, isTime)
export const numericColumns = (rows: readonly Row[]) => columnsWhere(rows, isNumber)

/** The chart's columns for new rows: the ones chosen before where they still exist, else the first of each kind. */
export function defaultChart(rows: readonly Row[], before: ChartColumns): ChartColumns {
  const times = timeColumns(rows)
  const numbers = numericColumns(rows)
  return {
    time: before.time && times.includes(before.time) ? before.time : (times[0] ?? null),
    value: before.value && numbers.includes(before.value) ? before.value : (numbers[0] ?? null),
  }
}

export interface ChartPoint {
  /** ms since the epoch */
  t: number
  v: number
}

/** The points to draw, oldest first (rows without both values are left out), at most LOGS_CHART_MAX_POINTS. */
export function chartPoints(rows: readonly Row[], chart: ChartColumns): ChartPoint[] {
  const { time, value } = chart
  if (!time || !value) return []
  const points: ChartPoint[] = []
  for (const row of rows.slice(0, LOGS_CHART_MAX_POINTS)) {
    const t = Date.parse(String(row[time]))
    const v = Number(row[value])
    if (row[value] !== null && row[value] !== '' && Number.isFinite(t) && Number.isFinite(v)) points.push({ t, v })
  }
  return points.sort((a, b) => a.t - b.t)
}
