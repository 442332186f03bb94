/** The SQL a log source's page builds (model/logs/sources): bar widths, the search quoted, the keyset, and the bars filled. */
import { describe, expect, it } from 'vitest'
import { bucketSeconds, eventsSql, explorerSql, histogramSql } from '../../src/web/model/logs/sources/sql'
import { fillBars } from '../../src/web/model/logs/sources/histogram'
import { eventStatus } from '../../src/web/model/logs/sources/status'

const span = (ms: number) => ({ start: new Date(Date.UTC(2026, 0, 1)).toISOString(), end: new Date(Date.UTC(2026, 0, 1) + ms).toISOString() })
const H = 3_600_000

describe('log source SQL', () => {
  it('picks the bar width from the range: 10 s for 15 min, 1 min for 1 h, 10 min for 24 h, 1 h for 7 days', () => {
    expect(bucketSeconds(span(H / 4))).toBe(10)
    expect(bucketSeconds(span(H))).toBe(60)
    expect(bucketSeconds(span(3 * H))).toBe(300)
    expect(bucketSeconds(span(24 * H))).toBe(600)
    expect(bucketSeconds(span(7 * 24 * H))).toBe(3600)
    expect(bucketSeconds(span(60_000))).toBe(1)
  })

  it('matches the search in the message case-insensitively, as itself, quoted', () => {
    const sql = eventsSql('edge', { search: ` It's 100%_\\x ` })
    expect(sql).toContain(`from edge_logs\nwhere strpos(lower(event_message), E'it''s 100%_\\\\x') > 0`)
    expect(eventsSql('edge', { search: '  ' })).not.toContain('where')
  })

  it('pages by keyset on timestamp then id, newest first', () => {
    const sql = eventsSql('postgres', { before: { ts: '2026-01-01T00:00:00.000001Z', id: '0b5e' }, limit: 5 })
    expect(sql).toContain(`(timestamp, id) < ('2026-01-01T00:00:00.000001Z'::timestamptz, '0b5e'::uuid)`)
    expect(sql).toMatch(/order by timestamp desc, id desc\nlimit 5$/)
    expect(eventsSql('auth', { since: '2026-01-01T00:00:00Z' })).toContain(`timestamp >= '2026-01-01T00:00:00Z'::timestamptz`)
  })

  it('bins the events by the picked width, splitting edge statuses and postgres severities', () => {
    const edge = histogramSql('edge', span(H / 4))
    expect(edge).toContain(`date_bin(interval '10 seconds', timestamp`)
    expect(edge).toContain(`count(*) filter (where (metadata->'response'->>'status_code')::int >= 500)::int as errors`)
    expect(histogramSql('postgres', span(H), 'select')).toContain(`error_severity' in ('ERROR', 'FATAL', 'PANIC')`)
  })

  it('adds up the per-minute counts for bars of whole minutes without a search', () => {
    const day = histogramSql('edge', span(24 * H))
    expect(day).toContain(`date_bin(interval '600 seconds', minute`)
    expect(day).toContain('from edge_logs_minutes\n')
    expect(histogramSql('edge', span(24 * H), 'rest')).toContain('from edge_logs\nwhere')
  })

  it('writes the explorer query a person would write', () => {
    expect(explorerSql('storage', 'upload')).toBe(`select id, timestamp, event_message, metadata\nfrom storage_logs\nwhere strpos(lower(event_message), 'upload') > 0\norder by timestamp desc\nlimit 100`)
  })

  it('fills the bars with no event, aligned on whole widths', () => {
    const bounds = { start: '2026-01-01T00:00:30Z', end: '2026-01-01T00:03:00Z' }
    const bars = fillBars([{ bucket: '2026-01-01T00:01:00Z', total: 5, errors: 1, warnings: 2 }], bounds, 60)
    expect(bars.map((b) => new Date(b.start).toISOString())).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z', '2026-01-01T00:02:00.000Z'])
    expect(bars[1]).toMatchObject({ ok: 2, warnings: 2, errors: 1 })
    expect(bars[0]).toMatchObject({ ok: 0, warnings: 0, errors: 0 })
  })

  it('colours an event by its source’s outcome', () => {
    expect(eventStatus('edge', { response: { status_code: 503 } })).toEqual({ label: '503', tone: 'error' })
    expect(eventStatus('storage', { status: 404 })).toEqual({ label: '404', tone: 'warning' })
    expect(eventStatus('postgres', { parsed: { error_severity: 'ERROR' } })).toEqual({ label: 'ERROR', tone: 'error' })
    expect(eventStatus('auth', { error_code: 'invalid_credentials' })).toEqual({ label: 'FAILED', tone: 'error' })
    expect(eventStatus('postgrest', { status: 200 })).toEqual({ label: '200', tone: 'ok' })
  })
})
