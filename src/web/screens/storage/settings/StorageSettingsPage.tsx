import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { run } from '../../../../../commands/all'
import { STORAGE_FREE_TIER_LIMIT_BYTES, STORAGE_SIZE_UNITS } from '../../../../shared/constants'
import { MSG } from '../../../../shared/messages'
import type { StorageConfig } from '../../../../shared/storage'
import { useApi } from '../../../commands-context'
import { toast } from '../../../model/app/toasts'
import { Alert, Button, Input, Select, Spinner } from '../../../ui'
import { useCan } from '../../../useCan'
import { SIZE_UNIT_OPTIONS, digitsOnly, formatSize, largestWholeUnit } from '../../../model/storage/buckets/size-units'
import { aboveGlobalLimit, maxInUnit, uploadLimitProblem } from '../../../model/storage/settings/limit'
import { storageConfigQuery } from '../../../model/storage/settings/queries'

const SettingsForm = z
  .object({ limit: z.string().min(1, 'Enter a limit'), unit: z.enum(STORAGE_SIZE_UNITS) })
  .superRefine(({ limit, unit }, ctx) => {
    const problem = limit === '' ? null : uploadLimitProblem(Number(limit), unit)
    if (problem) ctx.addIssue({ code: 'custom', path: ['limit'], message: problem })
  })
type SettingsValues = z.infer<typeof SettingsForm>

/** /project/{ref}/storage/settings: the project's upload file size limit (spec 5 Storage settings, 9). */
export function StorageSettingsPage() {
  const { ref } = useParams({ strict: false }) as { ref: string }
  const config = useQuery(storageConfigQuery(useApi(), ref))
  return (
    <div className="stg-page stg-page--narrow">
      <header className="stg-page__header">
        <div>
          <h2 className="stg-page__title">Storage settings</h2>
          <p className="stg-page__lead">Limits that apply to every bucket of this project.</p>
        </div>
      </header>
      {config.isPending ? (
        <Spinner label="Loading storage settings" />
      ) : config.isError ? (
        <Alert type="destructive" title={MSG.storageConfigFailed}>
          {config.error.message}
        </Alert>
      ) : (
        <SettingsCard key={config.dataUpdatedAt} config={config.data} />
      )}
    </div>
  )
}

function SettingsCard({ config }: { config: StorageConfig }) {
  const formId = useId()
  const limitId = useId()
  const canWrite = useCan('storageAdminWrite')
  const shown = largestWholeUnit(config.isFreeTier ? STORAGE_FREE_TIER_LIMIT_BYTES : config.fileSizeLimit)
  const form = useForm<SettingsValues>({ resolver: zodResolver(SettingsForm), defaultValues: { limit: String(shown.value), unit: shown.unit } })
  const unit = form.watch('unit')
  const locked = config.isFreeTier || !canWrite
  const error = form.formState.errors.limit?.message

  const onSubmit = form.handleSubmit(
    async ({ limit, unit }) => {
      try {
        await run('storage.settings.update', { fileSizeLimit: Number(limit), unit }, 'button')
      } catch (e) {
        toast.error((e as Error).message)
      }
    },
    () => {
      const { limit, unit } = form.getValues()
      const tooLarge = aboveGlobalLimit(Number(limit), unit)
      if (tooLarge) toast.error(tooLarge)
    },
  )

  return (
    <form id={formId} className="stg-settings-card" onSubmit={onSubmit} noValidate>
      <div className="stg-settings-card__row">
        <div className="stg-settings-card__text">
          <label htmlFor={limitId} className="stg-settings-card__label">Upload file size limit</label>
          <p className="stg-settings-card__hint">The largest file anyone can upload to this project, at most {maxInUnit(unit)} {unit} (5 GB).</p>
        </div>
        <div className="stg-settings-card__field">
          <div className="stg-size">
            <Controller
              control={form.control}
              name="limit"
              render={({ field }) => (
                <Input id={limitId} invalid={Boolean(error)} inputMode="numeric" autoComplete="off" disabled={locked} value={field.value} onChange={(e) => field.onChange(digitsOnly(e.target.value))} />
              )}
            />
            <Controller
              control={form.control}
              name="unit"
              render={({ field }) => (
                <Select aria-label="Size unit" className="stg-size__unit" disabled={locked} value={field.value} onValueChange={(u) => (field.onChange(u), void form.trigger('limit'))} options={SIZE_UNIT_OPTIONS} />
              )}
            />
          </div>
          {error && <p className="ui-field__error" role="alert">{error}</p>}
        </div>
      </div>
      {config.isFreeTier && (
        <Alert type="note" className="stg-settings-card__note">
          The free plan has a fixed upload file size limit of {formatSize(STORAGE_FREE_TIER_LIMIT_BYTES)}. Upgrade the plan to change it.
        </Alert>
      )}
      <footer className="stg-settings-card__footer">
        {!canWrite && <span className="stg-settings-card__reason">{MSG.updateStorageSettingsPermission}</span>}
        <Button disabled={!form.formState.isDirty || form.formState.isSubmitting} onClick={() => form.reset()}>
          Cancel
        </Button>
        <Button variant="primary" type="submit" disabled={locked || !form.formState.isDirty} loading={form.formState.isSubmitting} title={canWrite ? undefined : MSG.updateStorageSettingsPermission}>
          Save
        </Button>
      </footer>
    </form>
  )
}
