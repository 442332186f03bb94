/**
 * The bucket dialog's form (spec 5 Buckets) and how it becomes the bucket commands' arguments: the name
 * rules of bucketNameProblem, a size limit in a unit when enabled (blank: none), MIME types comma separated.
 */
import { z } from 'zod'
import { STORAGE_SIZE_UNITS } from '../../../../shared/constants'
import { bucketNameProblem, type Bucket } from '../../../../shared/storage'
import { largestWholeUnit } from './size-units'

export const bucketNameSchema = z.string().superRefine((name, ctx) => {
  const problem = bucketNameProblem(name)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

export const BucketForm = z.object({
  name: bucketNameSchema,
  public: z.boolean(),
  limitEnabled: z.boolean(),
  /** digits only; blank means no limit */
  limit: z.string(),
  unit: z.enum(STORAGE_SIZE_UNITS),
  allowedMimeTypes: z.string(),
})
export type BucketFormValues = z.infer<typeof BucketForm>

export function bucketFormDefaults(bucket?: Bucket): BucketFormValues {
  const limit = bucket?.file_size_limit != null ? largestWholeUnit(bucket.file_size_limit) : null
  return {
    name: bucket?.name ?? '',
    public: bucket?.public ?? false,
    limitEnabled: limit !== null,
    limit: limit ? String(limit.value) : '',
    unit: limit?.unit ?? 'MB',
    allowedMimeTypes: bucket?.allowed_mime_types?.join(', ') ?? '',
  }
}

/** The fields the create and update commands share. */
export function bucketArgs(values: BucketFormValues) {
  const limit = values.limitEnabled && values.limit !== '' ? Number(values.limit) : null
  return { public: values.public, fileSizeLimit: limit, unit: values.unit, allowedMimeTypes: values.allowedMimeTypes }
}

/** 'image/*, video/mp4 ,' → ['image/*', 'video/mp4']; blank → null (any type). */
export function parseMimeTypes(text: string): string[] | null {
  const list = text.split(',').map((t) => t.trim()).filter(Boolean)
  return list.length ? list : null
}
