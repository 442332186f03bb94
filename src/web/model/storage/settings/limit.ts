/**
 * The storage settings' upload limit rules (spec 5 Storage settings, 9): at most 5 GB in the chosen unit,
 * and a submit above the global 50 GB limit is refused with its own message.
 */
import { STORAGE_GLOBAL_UPLOAD_LIMIT, STORAGE_SETTINGS_MAX_BYTES, type StorageSizeUnit } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import { toBytes, unitBytes } from '../buckets/size-units'

/** 5 GB in `unit`: 5368709120 bytes, 5242880 KB, 5120 MB, 5 GB. */
export const maxInUnit = (unit: StorageSizeUnit): number => STORAGE_SETTINGS_MAX_BYTES / unitBytes(unit)

/** Why `value` in `unit` cannot be the upload limit, or null. */
export function uploadLimitProblem(value: number, unit: StorageSizeUnit): string | null {
  if (!Number.isInteger(value) || value < 0) return MSG.bucketSizeLimitMin
  return value > maxInUnit(unit) ? MSG.storageLimitMax(maxInUnit(unit), unit) : null
}

/** The toast a submit of `value` in `unit` gets when it is above the global upload limit, or null. */
export const aboveGlobalLimit = (value: number, unit: StorageSizeUnit): string | null =>
  toBytes(value, unit) > STORAGE_GLOBAL_UPLOAD_LIMIT ? MSG.uploadLimitAboveGlobal : null
