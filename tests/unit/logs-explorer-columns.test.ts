/** What the explorer's chart can draw from a result: its time and number columns, and the points. */
import { describe, expect, it } from 'vitest'
import { chartPoints, columnsOf, defaultChart, numericColumns, timeColumns } from '../../src/web/model/logs/explorer/columns'

const rows = [
  { minute: '2026-01-01T00:02:00.000Z', requests: '3', path: '/a', meta: { a: 1 }, ms: 1.5 },
  { minute: '2026-01-01T00:01:00.000Z', requests: '5', path: '/b', meta: null, ms: null },
  { minute: '2026-01-01 00:03:00+00', requests: '1', path: '/c', meta: { b: 2 }, ms: 2, extra: true },
]

describe('logs result columns', () => {
  it('lists the columns in the order they appear', () => {
    expect(columnsOf(rows)).toEqual(['minute', 'requests', 'path', 'meta', 'ms', 'extra'])
  })

  it('finds the time columns and the number columns (numeric text too, NULLs aside)', () => {
    expect(timeColumns(rows)).toEqual(['minute'])
    expect(numericColumns(rows)).toEqual(['requests', 'ms'])
  })

  it('keeps a chosen column while the new result has it, else takes the first of its kind', () => {
    expect(defaultChart(rows, { time: null, value: null })).toEqual({ time: 'minute', value: 'requests' })
    expect(defaultChart(rows, { time: 'minute', value: 'ms' })).toEqual({ time: 'minute', value: 'ms' })
    expect(defaultChart([{ path: '/a', n: 1 }], { time: 'minute', value: 'ms' })).toEqual({ time: null, value: 'n' })
  })

  it('draws the points oldest first, leaving out rows without a value', () => {
    expect(chartPoints(rows, { time: 'minute', value: 'requests' }).map((p) => p.v)).toEqual([5, 3, 1])
    expect(chartPoints(rows, { time: 'minute', value: 'ms' }).map((p) => p.v)).toEqual([1.5, 2])
    expect(chartPoints(rows, { time: null, value: 'ms' })).toEqual([])
  })
})
