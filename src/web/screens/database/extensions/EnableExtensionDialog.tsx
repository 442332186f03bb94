import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import { DEFAULT_EXTENSION_SCHEMA } from '../../../../shared/contract/pg-meta-extensions'
import { useApi } from '../../../commands-context'
import { Field, FormDialog, Input } from '../../../ui'
import { extensionsQuery } from '../../../model/database/extensions/extensions-data'
import { closeEnableDialog, extensionsState } from '../../../model/database/extensions/extensions-state'

/** Enabling an extension: choose the schema it goes into (created if missing). */
export function EnableExtensionDialog({ projectRef }: { projectRef: string }) {
  const { enabling } = useSnapshot(extensionsState)
  const ext = useQuery(extensionsQuery(useApi(), projectRef)).data?.find((x) => x.name === enabling)
  if (!enabling || !ext) return null
  return <EnableForm key={ext.name} name={ext.name} version={ext.default_version} comment={ext.comment} />
}

function EnableForm({ name, version, comment }: { name: string; version: string; comment: string | null }) {
  const schemaId = useId()
  const [schema, setSchema] = useState(DEFAULT_EXTENSION_SCHEMA)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    setFailure(null)
    setBusy(true)
    try {
      await run('database.extension.enable', { name, schema: schema.trim() || DEFAULT_EXTENSION_SCHEMA }, 'button')
      closeEnableDialog()
    } catch (e) {
      setFailure((e as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      title={`Enable ${name}`}
      description={comment ?? undefined}
      submitLabel="Enable extension"
      submitting={busy}
      failure={failure}
      failureTitle="The extension was not enabled"
      onSubmit={onSubmit}
      onClose={closeEnableDialog}
      formClassName="db-form"
    >
      <Field label="Schema" htmlFor={schemaId} hint={`Its objects are created in this schema, which is created if missing. Version ${version}.`}>
        <Input id={schemaId} autoComplete="off" spellCheck={false} value={schema} onChange={(e) => setSchema(e.target.value)} />
      </Field>
    </FormDialog>
  )
}
