import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { run } from '../../../../commands/all'
import { REST_MAX_ROWS_LIMIT } from '../../../shared/constants'
import type { PostgrestConfig } from '../../../shared/contract/rest-config'
import { MSG } from '../../../shared/messages'
import { useApi } from '../../commands-context'
import { toast } from '../../model/app/toasts'
import { schemasQuery } from '../../model/project/queries'
import {
  DataApiForm, formValuesOf, postgrestConfigQuery, schemaChoices, settingsOf, settingsOfForm, toggleSchema, type DataApiValues,
} from '../../model/settings/data-api'
import { Alert, Button, Input, Spinner } from '../../ui'
import { useCan } from '../../useCan'
import './data-api-settings.css'

/** Project settings → API → Data API settings: exposed schemas, extra search path, max rows. */
export function DataApiSettings({ projectRef }: { projectRef: string }) {
  const api = useApi()
  const config = useQuery(postgrestConfigQuery(api, projectRef))
  const schemas = useQuery(schemasQuery(api, projectRef))
  return (
    <section className="api-card" aria-labelledby="api-data-api">
      <h2 id="api-data-api" className="api-card__title">Data API settings</h2>
      {config.isPending || schemas.isPending ? (
        <div className="api-row">
          <Spinner label="Loading Data API settings" />
        </div>
      ) : config.isError ? (
        <div className="api-row">
          <Alert type="destructive" title={MSG.dataApiSettingsFailed}>{config.error.message}</Alert>
        </div>
      ) : (
        <SettingsForm key={config.dataUpdatedAt} config={config.data} schemaNames={schemaChoices(schemas.data ?? [], settingsOf(config.data).schemas)} />
      )}
    </section>
  )
}

function SettingsForm({ config, schemaNames }: { config: PostgrestConfig; schemaNames: string[] }) {
  const searchPathId = useId()
  const maxRowsId = useId()
  const schemasLabelId = useId()
  const canWrite = useCan('tenantSqlAdminWrite')
  const form = useForm<DataApiValues>({ resolver: zodResolver(DataApiForm), defaultValues: formValuesOf(settingsOf(config)) })
  const errors = form.formState.errors
  const selected = form.watch('schemas')

  const onSubmit = form.handleSubmit(async (values) => {
    const s = settingsOfForm(values)
    try {
      await run('settings.data-api.update', { schemas: s.schemas, extraSearchPath: s.extraSearchPath, maxRows: s.maxRows }, 'button')
    } catch (e) {
      toast.error((e as Error).message)
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Data API settings">
      <div className="api-row">
        <div className="api-row__text">
          <div className="api-row__label" id={schemasLabelId}>Exposed schemas</div>
          <p className="api-row__hint">The schemas the REST and GraphQL APIs serve. The first one ticked is the default.</p>
        </div>
        <div className="api-row__value">
          <Controller
            control={form.control}
            name="schemas"
            render={({ field }) => (
              <fieldset className="data-api__schemas" aria-labelledby={schemasLabelId} disabled={!canWrite}>
                {schemaNames.map((name) => (
                  <label key={name} className="data-api__schema">
                    <input
                      type="checkbox"
                      checked={field.value.includes(name)}
                      onChange={(e) => field.onChange(toggleSchema(field.value, name, e.target.checked))}
                    />
                    {name}
                  </label>
                ))}
              </fieldset>
            )}
          />
          {errors.schemas ? (
            <p className="ui-field__error data-api__error" role="alert">{errors.schemas.message}</p>
          ) : (
            <p className="data-api__order">Served in this order: {selected.join(', ')}</p>
          )}
        </div>
      </div>
      <div className="api-row">
        <div className="api-row__text">
          <label className="api-row__label" htmlFor={searchPathId}>Extra search path</label>
          <p className="api-row__hint">Schemas added to the search path after the exposed one, comma-separated (extensions' functions and types).</p>
        </div>
        <div className="api-row__value">
          <Input id={searchPathId} autoComplete="off" spellCheck={false} disabled={!canWrite} {...form.register('extraSearchPath')} />
        </div>
      </div>
      <div className="api-row">
        <div className="api-row__text">
          <label className="api-row__label" htmlFor={maxRowsId}>Max rows</label>
          <p className="api-row__hint">At most this many rows in one answer, up to {REST_MAX_ROWS_LIMIT.toLocaleString('en-US')}. Empty: no limit.</p>
        </div>
        <div className="api-row__value">
          <Input
            id={maxRowsId}
            inputMode="numeric"
            autoComplete="off"
            invalid={Boolean(errors.maxRows)}
            aria-describedby={errors.maxRows ? `${maxRowsId}-error` : undefined}
            disabled={!canWrite}
            {...form.register('maxRows')}
          />
          {errors.maxRows && (
            <p className="ui-field__error data-api__error" role="alert" id={`${maxRowsId}-error`}>{errors.maxRows.message}</p>
          )}
        </div>
      </div>
      <footer className="data-api__footer">
        {!canWrite && <span className="data-api__reason">{MSG.updateDataApiSettingsPermission}</span>}
        <Button disabled={!form.formState.isDirty || form.formState.isSubmitting} onClick={() => form.reset()}>
          Cancel
        </Button>
        <Button variant="primary" type="submit" disabled={!canWrite || !form.formState.isDirty} loading={form.formState.isSubmitting}>
          Save
        </Button>
      </footer>
    </form>
  )
}
