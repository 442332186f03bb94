/** Sizes for people (spec 9: bytes, KB, MB, GB; factor 1024): one formatter for the buckets, the settings and the explorer. */
import { describe, expect, it } from 'vitest'
import { formatSize } from '../../src/web/model/storage/buckets/size-units'

describe('formatSize', () => {
  it('formats bytes with factor 1024 up to GB', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(45)).toBe('45 bytes')
    expect(formatSize(1)).toBe('1 byte')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(5 * 1024 ** 4)).toBe('5120 GB')
  })

  it('shows a whole size without decimals, and up to two below 10', () => {
    expect(formatSize(50 * 1024 ** 2)).toBe('50 MB')
    expect(formatSize(1024)).toBe('1 KB')
    expect(formatSize(1280)).toBe('1.25 KB')
    expect(formatSize(15.5 * 1024 ** 3)).toBe('15.5 GB')
  })
})
