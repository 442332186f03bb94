import { useEffect, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { Plus } from 'lucide-react'
import { run } from '../../../../../commands/all'
import { TRIGGER_ACTIVATIONS, TRIGGER_EVENTS, TRIGGER_ORIENTATIONS } from '../../../../shared/contract/pg-meta-triggers'
import { useApi } from '../../../commands-context'
import { press } from '../../../commands-run'
import { Alert, Button, Dialog, Field, Input, Select } from '../../../ui'
import { functionsQuery, isTriggerFunction } from '../../../model/database/functions/functions-data'
import { functionsState } from '../../../model/database/functions/functions-state'
import { TriggerForm, triggerFormDefaults, type TriggerFormValues } from '../../../model/database/triggers/trigger-form'
import { triggerTablesQuery } from '../../../model/database/triggers/triggers-data'
import { closeTriggerPanel, triggersState } from '../../../model/database/triggers/triggers-state'

export function TriggerPanel({ projectRef, schema }: { projectRef: string; schema: string }) {
  const { panel } = useSnapshot(triggersState)
  if (!panel) return null
  return <TriggerFormDialog projectRef={projectRef} schema={schema} tableId={panel.tableId} />
}

const VIEW_TYPES = new Set(['view', 'foreign table'])

function TriggerFormDialog({ projectRef, schema, tableId }: { projectRef: string; schema: string; tableId?: number }) {
  const formId = useId()
  const ids = { name: useId(), table: useId(), fn: useId(), cond: useId() }
  const api = useApi()
  const tables = useQuery(triggerTablesQuery(api, projectRef, schema))
  const functions = useQuery(functionsQuery(api, projectRef))
  const form = useForm<TriggerFormValues>({ resolver: zodResolver(TriggerForm), defaultValues: triggerFormDefaults(tableId) })
  const [failure, setFailure] = useState<string | null>(null)
  const errors = form.formState.errors
  const { panel: fnPanel, lastCreated } = useSnapshot(functionsState)

  const table = tables.data?.find((t) => t.id === form.watch('tableId'))
  const onView = table ? VIEW_TYPES.has(table.type) : false
  const activation = form.watch('activation')
  // INSTEAD OF goes on views (FOR EACH ROW), BEFORE/AFTER on tables
  useEffect(() => {
    if (onView && activation !== 'INSTEAD OF') form.setValue('activation', 'INSTEAD OF')
    if (!onView && activation === 'INSTEAD OF') form.setValue('activation', 'BEFORE')
    if (onView) form.setValue('orientation', 'ROW')
  }, [onView])

  // a trigger function just created from here is picked
  useEffect(() => {
    if (lastCreated) form.setValue('fn', `${lastCreated.schema}.${lastCreated.name}`, { shouldValidate: form.formState.isSubmitted })
  }, [lastCreated])

  const triggerFunctions = (functions.data ?? []).filter(isTriggerFunction)
  const fnOptions = triggerFunctions.map((f) => ({ value: `${f.schema}.${f.name}` }))
  const chosenFn = form.watch('fn')
  if (chosenFn && !fnOptions.some((o) => o.value === chosenFn)) fnOptions.unshift({ value: chosenFn })

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      await run('database.trigger.create', {
        name: values.name, tableId: values.tableId, function: values.fn, activation: values.activation,
        events: values.events, orientation: values.orientation, ...(values.condition ? { condition: values.condition } : {}),
      }, 'button')
    } catch (e) {
      setFailure((e as Error).message)
    }
  })

  return (
    <Dialog
      open={fnPanel === null}
      onOpenChange={(open) => !open && closeTriggerPanel()}
      size="medium"
      title="Create a new trigger"
      description="The trigger runs its function for the events chosen; it is created in one transaction."
      footer={
        <>
          <Button onClick={closeTriggerPanel}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            Create trigger
          </Button>
        </>
      }
    >
      <form id={formId} className="db-form" onSubmit={onSubmit} noValidate>
        {failure && (
          <Alert type="destructive" title="Nothing was changed">
            {failure}
          </Alert>
        )}
        <Field label="Name" htmlFor={ids.name} error={errors.name?.message}>
          <Input id={ids.name} autoComplete="off" spellCheck={false} invalid={Boolean(errors.name)} {...form.register('name')} />
        </Field>
        <Field label="Table" htmlFor={ids.table} error={errors.tableId?.message} hint={`Tables and views of ${schema}`}>
          <Controller
            control={form.control}
            name="tableId"
            render={({ field }) => (
              <Select
                id={ids.table}
                aria-label="Table"
                placeholder={tables.data ? 'Pick a table' : 'Loading tables…'}
                value={field.value ? String(field.value) : undefined}
                onValueChange={(v) => field.onChange(Number(v))}
                options={(tables.data ?? []).map((t) => ({ value: String(t.id), label: t.type === 'table' ? t.name : `${t.name} (${t.type})` }))}
              />
            )}
          />
        </Field>
        <fieldset className="tg-fieldset">
          <legend className="ui-field__label">Events</legend>
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <div className="tg-choices">
                {TRIGGER_EVENTS.map((ev) => (
                  <label key={ev} className="tg-choice">
                    <input
                      type="checkbox"
                      checked={field.value.includes(ev)}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, ev] : field.value.filter((x) => x !== ev))}
                    />
                    {ev}
                  </label>
                ))}
              </div>
            )}
          />
          {errors.events && <p className="ui-field__error" role="alert">{errors.events.message}</p>}
        </fieldset>
        <div className="fn-form__grid tg-form__grid">
          <fieldset className="tg-fieldset">
            <legend className="ui-field__label">When</legend>
            <Controller
              control={form.control}
              name="activation"
              render={({ field }) => (
                <div className="tg-choices" role="radiogroup" aria-label="When">
                  {TRIGGER_ACTIVATIONS.map((a) => (
                    <label key={a} className="tg-choice" title={a === 'INSTEAD OF' ? 'Views only' : 'Tables only'}>
                      <input
                        type="radio"
                        name={field.name}
                        checked={field.value === a}
                        disabled={table !== undefined && (a === 'INSTEAD OF') !== onView}
                        onChange={() => field.onChange(a)}
                      />
                      {a}
                    </label>
                  ))}
                </div>
              )}
            />
          </fieldset>
          <fieldset className="tg-fieldset">
            <legend className="ui-field__label">For each</legend>
            <Controller
              control={form.control}
              name="orientation"
              render={({ field }) => (
                <div className="tg-choices" role="radiogroup" aria-label="For each">
                  {TRIGGER_ORIENTATIONS.map((o) => (
                    <label key={o} className="tg-choice">
                      <input type="radio" name={field.name} checked={field.value === o} disabled={onView && o === 'STATEMENT'} onChange={() => field.onChange(o)} />
                      {o}
                    </label>
                  ))}
                </div>
              )}
            />
          </fieldset>
        </div>
        <Field label="Condition (optional)" htmlFor={ids.cond} hint="A WHEN expression over old and new, e.g. new.status is distinct from old.status">
          <Input id={ids.cond} spellCheck={false} placeholder="always" {...form.register('condition')} />
        </Field>
        <Field label="Function" htmlFor={ids.fn} error={errors.fn?.message} hint="Functions returning trigger">
          <div className="tg-fn">
            <Controller
              control={form.control}
              name="fn"
              render={({ field }) => (
                <Select
                  id={ids.fn}
                  aria-label="Function"
                  placeholder={fnOptions.length ? 'Pick a function' : 'No trigger functions yet'}
                  value={field.value || undefined}
                  onValueChange={field.onChange}
                  options={fnOptions}
                  className="tg-fn__select"
                />
              )}
            />
            <Button icon={<Plus size={14} />} onClick={() => press('database.function.create-panel.open', { trigger: true })}>
              Create a new function
            </Button>
          </div>
        </Field>
      </form>
    </Dialog>
  )
}
