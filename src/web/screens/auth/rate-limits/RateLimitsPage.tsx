import type { AuthConfig } from '../../../../shared/auth'
import { RATE_LIMITS, RATE_LIMIT_FIELDS } from '../../../model/auth/config-forms'
import { useCan } from '../../../useCan'
import { AuthConfigPage } from '../config/AuthConfigPage'
import { ConfigCard } from '../config/ConfigCard'
import { ConfigFooter } from '../config/ConfigFooter'
import { TextRow } from '../config/fields'
import { useAuthConfigForm } from '../config/useAuthConfigForm'

/** /project/{ref}/auth/rate-limits: how many requests the auth service takes before it answers 429. */
export function RateLimitsPage() {
  return (
    <AuthConfigPage
      title="Rate limits"
      lead="Past a limit the auth service answers 429 over_request_rate_limit until the window passes. Limits per IP count each address on its own."
    >
      {(config, key) => <RateLimitsForm key={key} config={config} />}
    </AuthConfigPage>
  )
}

function RateLimitsForm({ config }: { config: AuthConfig }) {
  const { form, submit, onKeyDown, saveKeys } = useAuthConfigForm('rate-limits', config)
  const locked = !useCan('projectAuthAll')
  return (
    <form className="auth-cfg__form" onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Rate limits">
      <ConfigCard title="Limits" description="0 refuses every request of that kind.">
        {RATE_LIMIT_FIELDS.map((field) => (
          <TextRow
            key={field}
            form={form}
            name={field}
            numeric
            disabled={locked}
            label={RATE_LIMITS[field].label}
            hint={RATE_LIMITS[field].hint}
            unit={RATE_LIMITS[field].unit}
          />
        ))}
      </ConfigCard>
      <ConfigFooter saving={form.formState.isSubmitting} saveKeys={saveKeys} />
    </form>
  )
}
