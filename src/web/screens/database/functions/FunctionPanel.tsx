import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useFieldArray, useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { Plus, Trash2 } from 'lucide-react'
import { run } from '../../../../../commands/all'
import { FUNCTION_ARG_INPUT_MODES, FUNCTION_BEHAVIORS, FUNCTION_LANGUAGES, type PgFunction } from '../../../../shared/contract/pg-meta-functions'
import { useApi } from '../../../commands-context'
import { Alert, Button, Dialog, Field, IconButton, Input, Kbd, Select, Switch } from '../../../ui'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { createKeyMatcher } from '../../../keys/matcher'
import { dispatchKey } from '../../../keys/dispatch'
import { schemasQuery } from '../../../model/project/queries'
import {
  COMMON_TYPES, FunctionForm, RETURN_TYPES, functionCommandArgs, functionFormDefaults, newFunctionDefaults, type FunctionFormValues,
} from '../../../model/database/functions/function-form'
import { functionsQuery } from '../../../model/database/functions/functions-data'
import { closeFunctionPanel, functionsState } from '../../../model/database/functions/functions-state'
import { BodyEditor } from './BodyEditor'

const SAVE = 'database.function.panel.save'

/** The open function form, if any: create a function (maybe prefilled), or edit one. */
export function FunctionPanel({ projectRef, schema }: { projectRef: string; schema: string }) {
  const { panel } = useSnapshot(functionsState)
  const functions = useQuery(functionsQuery(useApi(), projectRef))
  if (!panel) return null
  if (panel.kind === 'create') return <FunctionFormDialog projectRef={projectRef} defaults={newFunctionDefaults(schema, panel.prefill as Partial<FunctionFormValues> | undefined)} />
  const fn = functions.data?.find((f) => f.id === panel.functionId)
  return fn ? <FunctionFormDialog key={fn.id} projectRef={projectRef} fn={fn} defaults={functionFormDefaults(fn)} /> : null
}

const BEHAVIOR_HINTS: Record<(typeof FUNCTION_BEHAVIORS)[number], string> = {
  VOLATILE: 'may change the database or answer differently each call',
  STABLE: 'reads only: the same answer within one statement',
  IMMUTABLE: 'the same answer for the same arguments, always',
}

function FunctionFormDialog({ projectRef, fn, defaults }: { projectRef: string; fn?: PgFunction; defaults: FunctionFormValues }) {
  const formId = useId()
  const ids = { name: useId(), schema: useId(), ret: useId(), lang: useId(), body: useId(), path: useId(), types: useId(), rets: useId(), secdef: useId() }
  const form = useForm<FunctionFormValues>({ resolver: zodResolver(FunctionForm), defaultValues: defaults })
  const args = useFieldArray({ control: form.control, name: 'args' })
  const [failure, setFailure] = useState<string | null>(null)
  const errors = form.formState.errors
  const schemas = useQuery(schemasQuery(useApi(), projectRef))
  const { overrides } = useSnapshot(keymap)
  const saveKeys = bindingFor(SAVE, overrides)
  const bindings = useMemo(() => (saveKeys ? [[SAVE, saveKeys] as const] : []), [saveKeys])
  const matchSave = useMemo(() => createKeyMatcher<KeyboardEvent>(bindings, (id) => dispatchKey(id)), [bindings])

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const args = functionCommandArgs(values)
      if (fn) await run('database.function.update', { functionId: fn.id, ...args }, 'button')
      else await run('database.function.create', args, 'button')
      closeFunctionPanel()
    } catch (e) {
      setFailure((e as Error).message)
    }
  })

  // the save command (its key, the palette) asks the open form to submit
  const { saveRequests } = useSnapshot(functionsState)
  const seen = useRef(saveRequests)
  useEffect(() => {
    if (saveRequests !== seen.current) {
      seen.current = saveRequests
      void onSubmit()
    }
  }, [saveRequests])

  const schemaNames = (schemas.data ?? []).map((s) => s.name)
  const schemaOptions = (schemaNames.includes(defaults.schema) ? schemaNames : [defaults.schema, ...schemaNames]).map((value) => ({ value }))

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeFunctionPanel()}
      size="large"
      className="fn-dialog"
      title={fn ? `Edit function ${fn.schema}.${fn.name}` : 'Create a new function'}
      description={
        fn
          ? 'Saving replaces the function; a new argument list or return type drops it and creates it again, in one transaction.'
          : 'The function is created in one transaction: nothing is kept when the database refuses it.'
      }
      footer={
        <>
          {saveKeys && <span className="fn-save-hint">Save with <Kbd binding={saveKeys} /></span>}
          <Button onClick={closeFunctionPanel}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            {fn ? 'Save function' : 'Create function'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="db-form"
        onSubmit={onSubmit}
        noValidate
        onKeyDown={(e) => {
          // the body's editor ran the key already (and marked it handled)
          if (!e.nativeEvent.defaultPrevented && !e.repeat && matchSave(e.nativeEvent)) e.preventDefault()
        }}
      >
        {failure && (
          <Alert type="destructive" title="Nothing was changed">
            {failure}
          </Alert>
        )}
        <div className="fn-form__grid">
          <Field label="Name" htmlFor={ids.name} error={errors.name?.message}>
            <Input id={ids.name} autoComplete="off" spellCheck={false} invalid={Boolean(errors.name)} {...form.register('name')} />
          </Field>
          <Field label="Schema" htmlFor={ids.schema}>
            <Controller
              control={form.control}
              name="schema"
              render={({ field }) => <Select id={ids.schema} aria-label="Schema" value={field.value} onValueChange={field.onChange} options={schemaOptions} />}
            />
          </Field>
        </div>

        <fieldset className="fn-args">
          <legend className="ui-field__label">Arguments</legend>
          {args.fields.length === 0 && <p className="fn-muted fn-args__none">No arguments.</p>}
          {args.fields.map((row, i) => (
            <div key={row.id} className="fn-args__row">
              <Controller
                control={form.control}
                name={`args.${i}.mode`}
                render={({ field }) => (
                  <Select size="sm" aria-label={`Mode of argument ${i + 1}`} value={field.value} onValueChange={field.onChange} options={FUNCTION_ARG_INPUT_MODES.map((value) => ({ value }))} />
                )}
              />
              <Input size="sm" placeholder="name" aria-label={`Name of argument ${i + 1}`} spellCheck={false} {...form.register(`args.${i}.name`)} />
              <Input
                size="sm"
                placeholder="type"
                aria-label={`Type of argument ${i + 1}`}
                list={ids.types}
                spellCheck={false}
                invalid={Boolean(errors.args?.[i]?.type)}
                title={errors.args?.[i]?.type?.message}
                {...form.register(`args.${i}.type`)}
              />
              <Input size="sm" placeholder="default (optional)" aria-label={`Default of argument ${i + 1}`} spellCheck={false} {...form.register(`args.${i}.default`)} />
              <IconButton label={`Remove argument ${i + 1}`} size="sm" icon={<Trash2 size={14} />} onClick={() => args.remove(i)} />
            </div>
          ))}
          <Button size="sm" icon={<Plus size={14} />} onClick={() => args.append({ name: '', type: 'text', mode: 'in', default: '' })}>
            Add argument
          </Button>
          <datalist id={ids.types}>{COMMON_TYPES.map((t) => <option key={t} value={t} />)}</datalist>
        </fieldset>

        <div className="fn-form__grid">
          <Field label="Return type" htmlFor={ids.ret} error={errors.return_type?.message} hint="void, a type, setof a type, table(col type, …) or trigger">
            <Input id={ids.ret} list={ids.rets} spellCheck={false} invalid={Boolean(errors.return_type)} {...form.register('return_type')} />
          </Field>
          <datalist id={ids.rets}>{RETURN_TYPES.map((t) => <option key={t} value={t} />)}</datalist>
          <Field label="Language" htmlFor={ids.lang}>
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => {
                const langs: string[] = [...FUNCTION_LANGUAGES]
                const options = (langs.includes(field.value) ? langs : [field.value, ...langs]).map((value) => ({ value }))
                return <Select id={ids.lang} aria-label="Language" value={field.value} onValueChange={field.onChange} options={options} />
              }}
            />
          </Field>
        </div>

        <Field label="Definition" htmlFor={ids.body} hint="The body between the dollar quotes: plpgsql needs begin … end;">
          <Controller
            control={form.control}
            name="definition"
            render={({ field }) => <BodyEditor id={ids.body} value={field.value} onChange={field.onChange} bindings={bindings} />}
          />
        </Field>

        <div className="fn-form__grid">
          <fieldset className="fn-behavior">
            <legend className="ui-field__label">Behavior</legend>
            <Controller
              control={form.control}
              name="behavior"
              render={({ field }) => (
                <div className="fn-behavior__options" role="radiogroup" aria-label="Behavior">
                  {FUNCTION_BEHAVIORS.map((b) => (
                    <label key={b} className="fn-behavior__option" title={BEHAVIOR_HINTS[b]}>
                      <input type="radio" name={field.name} value={b} checked={field.value === b} onChange={() => field.onChange(b)} />
                      {b.toLowerCase()}
                    </label>
                  ))}
                </div>
              )}
            />
          </fieldset>
          <Field label="search_path" htmlFor={ids.path} hint="Schemas the body resolves names in, e.g. public, extensions (empty: the caller's)">
            <Input id={ids.path} spellCheck={false} placeholder="not set" {...form.register('search_path')} />
          </Field>
        </div>

        <Controller
          control={form.control}
          name="security_definer"
          render={({ field }) => (
            <div className="db-switch-field">
              <Switch id={ids.secdef} checked={field.value} onCheckedChange={field.onChange} />
              <label htmlFor={ids.secdef}>
                <span className="db-switch-field__label">Security definer</span>
                <span className="db-switch-field__hint">Runs with the rights of its owner instead of the caller's. Set a search_path with it.</span>
              </label>
            </div>
          )}
        />
      </form>
    </Dialog>
  )
}
