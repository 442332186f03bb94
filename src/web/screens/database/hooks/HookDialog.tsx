/** The create-webhook dialog: the table and its events, the HTTP request (method, URL, headers, params) and its timeout. */
import { useId, useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { WEBHOOK_EVENTS, WEBHOOK_METHODS, WEBHOOK_TIMEOUT_MS, type WebhookEvent } from '../../../../shared/contract/pg-meta-hooks'
import { useApi } from '../../../commands-context'
import { Alert, Button, Dialog, Field, Input, Select, Textarea } from '../../../ui'
import { parsePairs, webhookTablesQuery } from '../../../model/database/hooks/hooks-data'
import { closeCreateHookDialog, hooksState } from '../../../model/database/hooks/hooks-state'

export function HookDialog({ projectRef }: { projectRef: string }) {
  const { createOpen } = useSnapshot(hooksState)
  return createOpen ? <HookForm projectRef={projectRef} /> : null
}

function HookForm({ projectRef }: { projectRef: string }) {
  const api = useApi()
  const tables = useQuery(webhookTablesQuery(api, projectRef))
  const ids = { form: useId(), name: useId(), table: useId(), tables: useId(), url: useId(), method: useId(), headers: useId(), params: useId(), timeout: useId() }
  const [name, setName] = useState('')
  const [table, setTable] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>(['INSERT'])
  const [method, setMethod] = useState<(typeof WEBHOOK_METHODS)[number]>('POST')
  const [url, setUrl] = useState('')
  const [headers, setHeaders] = useState('Content-type: application/json')
  const [params, setParams] = useState('')
  const [timeout, setTimeoutMs] = useState(String(WEBHOOK_TIMEOUT_MS.default))
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (ev: FormEvent) => {
    ev.preventDefault()
    setFailure(null)
    try {
      const [schema, ...rest] = table.includes('.') ? table.split('.') : ['public', table]
      setBusy(true)
      await run('database.hook.create', {
        name, schema: schema ?? 'public', table: rest.join('.'), events, method, url,
        headers: parsePairs(headers), params: parsePairs(params), timeout_ms: Number(timeout),
      }, 'button')
    } catch (err) {
      setFailure((err as Error).message)
    } finally {
      setBusy(false)
    }
  }

  const toggle = (event: WebhookEvent) =>
    setEvents((now) => (now.includes(event) ? now.filter((x) => x !== event) : WEBHOOK_EVENTS.filter((x) => x === event || now.includes(x))))

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && closeCreateHookDialog()}
      title="Create a new database webhook"
      description="A trigger on the table calls supabase_functions.http_request after each row change; pg_net sends the request."
      footer={
        <>
          <Button onClick={closeCreateHookDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form={ids.form} loading={busy}>Create webhook</Button>
        </>
      }
    >
      <form id={ids.form} className="db-form" onSubmit={submit} noValidate>
        {failure && <Alert type="destructive" title="Nothing was changed">{failure}</Alert>}
        <Field label="Name" htmlFor={ids.name}>
          <Input id={ids.name} value={name} onChange={(x) => setName(x.target.value)} autoComplete="off" spellCheck={false} />
        </Field>
        <Field label="Table" htmlFor={ids.table} hint="schema.table">
          <Input id={ids.table} list={ids.tables} value={table} onChange={(x) => setTable(x.target.value)} autoComplete="off" spellCheck={false} />
          <datalist id={ids.tables}>
            {(tables.data ?? []).map((t) => <option key={t.id} value={`${t.schema}.${t.name}`} />)}
          </datalist>
        </Field>
        <fieldset className="hooks-form__events">
          <legend className="ui-field__label">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="hooks-form__event">
              <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} /> {event}
            </label>
          ))}
        </fieldset>
        <div className="hooks-form__request">
          <Field label="Method" htmlFor={ids.method}>
            <Select id={ids.method} value={method} onValueChange={(v) => setMethod(v as typeof method)} options={WEBHOOK_METHODS.map((m) => ({ value: m }))} />
          </Field>
          <Field label="URL" htmlFor={ids.url}>
            <Input id={ids.url} type="url" value={url} onChange={(x) => setUrl(x.target.value)} placeholder="https://example.com/hook" />
          </Field>
        </div>
        <Field label="HTTP headers" htmlFor={ids.headers} hint="One “Name: value” a line">
          <Textarea id={ids.headers} rows={3} value={headers} onChange={(x) => setHeaders(x.target.value)} spellCheck={false} />
        </Field>
        <Field label="HTTP parameters" htmlFor={ids.params} hint="One “name: value” a line, sent in the query string">
          <Textarea id={ids.params} rows={2} value={params} onChange={(x) => setParams(x.target.value)} spellCheck={false} />
        </Field>
        <Field label="Timeout (ms)" htmlFor={ids.timeout} hint={`${WEBHOOK_TIMEOUT_MS.min} to ${WEBHOOK_TIMEOUT_MS.max}`}>
          <Input id={ids.timeout} type="number" min={WEBHOOK_TIMEOUT_MS.min} max={WEBHOOK_TIMEOUT_MS.max} value={timeout} onChange={(x) => setTimeoutMs(x.target.value)} />
        </Field>
      </form>
    </Dialog>
  )
}
