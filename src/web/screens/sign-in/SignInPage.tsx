/**
 * /sign-in (spec 2, Other; spec 4, sign-in frame): the dashboard password, or a pointer to the one-time link
 * printed where the studio started. The form runs `account.sign-in`, which loads `returnTo` afresh on success;
 * the server's refusal (wrong password, too many attempts) shows under the field.
 */
import { useId, useState } from 'react'
import { useSearch } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { Database } from 'lucide-react'
import { run } from '../../../../commands/all'
import { MSG } from '../../../shared/messages'
import { SignInBody } from '../../../shared/sign-in'
import { errorMessage } from '../../../shared/error-message'
import { Alert, Button, Field, Input } from '../../ui'
import './sign-in.css'

export function SignInPage() {
  const { link } = useSearch({ from: '/sign-in' })
  const fieldId = useId()
  const form = useForm<SignInBody>({ resolver: zodResolver(SignInBody), defaultValues: { password: '' } })
  const [refusal, setRefusal] = useState<string | null>(null)
  const error = form.formState.errors.password?.message ?? refusal ?? undefined

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setRefusal(null)
    try {
      // on success the page loads where the user was going: the button stays busy until it does
      await run('account.sign-in', { password }, 'button')
    } catch (e) {
      setRefusal(errorMessage(e))
      form.setFocus('password', { shouldSelect: true })
    }
  })

  return (
    <div className="page-center sign-in">
      <main className="sign-in__card" aria-labelledby={`${fieldId}-title`}>
        <span className="sign-in__logo" aria-hidden>
          <Database size={20} />
        </span>
        <header className="sign-in__header">
          <h1 id={`${fieldId}-title`} className="sign-in__title">
            Sign in to Studio
          </h1>
          <p className="sign-in__subtitle">Enter the dashboard password to open this studio.</p>
        </header>

        {link === 'invalid' && (
          <Alert type="warning" className="sign-in__notice">
            {MSG.signInLinkInvalid}
          </Alert>
        )}

        <form className="sign-in__form" onSubmit={onSubmit} noValidate>
          {/* for password managers: the one studio user has no name to type */}
          <input type="text" name="username" autoComplete="username" value="studio" readOnly hidden />
          <Field label="Dashboard password" htmlFor={fieldId} error={error}>
            <Input
              id={fieldId}
              type="password"
              size="md"
              className="sign-in__input"
              autoComplete="current-password"
              autoFocus
              invalid={Boolean(error)}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              {...form.register('password', { onChange: () => refusal && setRefusal(null) })}
            />
          </Field>
          <Button type="submit" variant="primary" size="lg" className="sign-in__submit" loading={form.formState.isSubmitting}>
            Sign in
          </Button>
        </form>

        <footer className="sign-in__hint">
          <p>
            Started the studio yourself? Open the <strong>sign-in link</strong> printed in the terminal where it started,
            or use the dashboard password: <code className="ui-code-inline">STUDIO_PASSWORD</code>, or the one printed at
            its first start.
          </p>
        </footer>
      </main>
    </div>
  )
}
