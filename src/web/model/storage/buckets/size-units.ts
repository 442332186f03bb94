/** Sizes in the units of spec 9 (bytes, KB, MB, GB; factor 1024), for bucket limits and the storage settings. */
import { STORAGE_SIZE_UNIT_FACTOR, STORAGE_SIZE_UNITS, type StorageSizeUnit } from '../../../../shared/constants'

export const unitBytes = (unit: StorageSizeUnit): number => STORAGE_SIZE_UNIT_FACTOR ** STORAGE_SIZE_UNITS.indexOf(unit)

export function toBytes(value: number, unit: StorageSizeUnit): number {
  return value * unitBytes(unit)
}

/** `bytes` in the largest unit that holds it whole: 52428800 → 50 MB, 1536 → 1536 bytes. */
export function largestWholeUnit(bytes: number): { value: number; unit: StorageSizeUnit } {
  for (const unit of [...STORAGE_SIZE_UNITS].reverse()) {
    const factor = unitBytes(unit)
    if (bytes >= factor && bytes % factor === 0) return { value: bytes / factor, unit }
  }
  return { value: bytes, unit: 'bytes' }
}

/**
 * A size for people (bucket limits, settings, the explorer's files): the largest unit it reaches (factor
 * 1024, up to GB), up to two decimals below 10 and one above: 1 → '1 byte', 1536 → '1.5 KB', 52428800 → '50 MB'.
 */
export function formatSize(bytes: number): string {
  let unit: StorageSizeUnit = 'bytes'
  for (const u of STORAGE_SIZE_UNITS) if (bytes >= unitBytes(u)) unit = u
  const value = bytes / unitBytes(unit)
  if (unit === 'bytes') return `${value} ${value === 1 ? 'byte' : 'bytes'}`
  return `${value.toFixed(value < 10 ? 2 : 1).replace(/\.?0+$/, '')} ${unit}`
}

export const SIZE_UNIT_OPTIONS = STORAGE_SIZE_UNITS.map((u) => ({ value: u }))

/** What a digits-only field keeps of typed or pasted text. */
export const digitsOnly = (text: string): string => text.replace(/\D+/g, '')
