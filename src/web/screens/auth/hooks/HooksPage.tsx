import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { Controller } from 'react-hook-form'
import type { AuthConfig } from '../../../../shared/auth'
import { hookFunctionOf } from '../../../../shared/contract/auth-config'
import { useApi } from '../../../commands-context'
import { hookFunctionsQuery } from '../../../model/auth/config-data'
import { Alert, Select, Spinner } from '../../../ui'
import { useCan } from '../../../useCan'
import { AuthConfigPage } from '../config/AuthConfigPage'
import { ConfigCard, ConfigRow } from '../config/ConfigCard'
import { ConfigFooter } from '../config/ConfigFooter'
import { SwitchRow } from '../config/fields'
import { useAuthConfigForm } from '../config/useAuthConfigForm'

const EXAMPLE = `create or replace function public.custom_access_token_hook(event jsonb)
returns jsonb language plpgsql stable as $$
begin
  -- event: { user_id, claims, authentication_method }; return it with claims changed
  return jsonb_set(event, '{claims,plan}', '"pro"');
end $$;`

/** /project/{ref}/auth/hooks (BETA): the custom access token hook, a Postgres function that changes a token's claims. */
export function HooksPage() {
  return (
    <AuthConfigPage
      title="Auth hooks"
      badge="BETA"
      lead="A Postgres function the auth service calls before it issues an access token: it gets the claims and returns them changed (add a role, a plan, drop a field)."
    >
      {(config, key) => <HooksForm key={key} config={config} />}
    </AuthConfigPage>
  )
}

function HooksForm({ config }: { config: AuthConfig }) {
  const { form, submit, onKeyDown, saveKeys } = useAuthConfigForm('hooks', config)
  const { ref } = useParams({ strict: false }) as { ref: string }
  const functions = useQuery(hookFunctionsQuery(useApi(), ref))
  const locked = !useCan('projectAuthAll')
  const selectId = useId()
  const enabled = Boolean(form.watch('HOOK_CUSTOM_ACCESS_TOKEN_ENABLED'))
  const uri = String(form.watch('HOOK_CUSTOM_ACCESS_TOKEN_URI') ?? '')
  const saved = hookFunctionOf(uri)
  // the configured function stays listed even when it was dropped since, so the choice shows
  const options = [
    ...(functions.data ?? []).map((f) => ({ value: f.uri, label: `${f.schema}.${f.name}` })),
    ...(saved && !functions.data?.some((f) => f.uri === uri) ? [{ value: uri, label: `${saved.schema}.${saved.name} (not found)` }] : []),
  ]
  return (
    <form className="auth-cfg__form" onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Hooks">
      <ConfigCard title="Customize access token (JWT) claims" description="Runs on every sign-in and token refresh, with the rights of the auth service.">
        <SwitchRow form={form} name="HOOK_CUSTOM_ACCESS_TOKEN_ENABLED" disabled={locked} label="Enable hook" hint="Off: tokens carry the standard claims only." />
        <ConfigRow
          label="Postgres function"
          htmlFor={selectId}
          hint="A function taking (event jsonb) and returning jsonb, in a schema of the database."
          error={form.formState.errors.HOOK_CUSTOM_ACCESS_TOKEN_URI?.message}
        >
          {functions.isPending ? (
            <Spinner label="Loading functions" />
          ) : (
            <Controller
              control={form.control}
              name="HOOK_CUSTOM_ACCESS_TOKEN_URI"
              render={({ field }) => (
                <Select
                  id={selectId}
                  aria-label="Postgres function"
                  placeholder={options.length ? 'Choose a function' : 'No function fits yet'}
                  disabled={locked || options.length === 0}
                  value={String(field.value ?? '') || undefined}
                  onValueChange={field.onChange}
                  options={options}
                />
              )}
            />
          )}
        </ConfigRow>
        {functions.isError && (
          <div className="auth-cfg-row">
            <Alert type="destructive" title="The functions could not be listed">{functions.error.message}</Alert>
          </div>
        )}
        {functions.data?.length === 0 && (
          <div className="auth-cfg-row">
            <Alert type="note" title="No function fits yet">
              Create one in the SQL editor, for example:
              <pre className="auth-hook__example">{EXAMPLE}</pre>
            </Alert>
          </div>
        )}
        {enabled && !uri && (
          <div className="auth-cfg-row">
            <Alert type="warning">Choose the function the hook calls before saving.</Alert>
          </div>
        )}
      </ConfigCard>
      <ConfigFooter saving={form.formState.isSubmitting} saveKeys={saveKeys} />
    </form>
  )
}
