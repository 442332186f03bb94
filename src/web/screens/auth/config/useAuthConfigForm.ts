import { useEffect, useMemo, type KeyboardEvent } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type Resolver } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { AuthConfig } from '../../../../shared/auth'
import { errorMessage } from '../../../../shared/error-message'
import { draftOf, formValues, pageSchema, type AuthFormValues } from '../../../model/auth/config-forms'
import { setDraft, type AuthSettingsPage } from '../../../model/auth/config-state'
import { bindingFor, keymap } from '../../../model/app/keys/keymap'
import { toast } from '../../../model/app/toasts'
import { createKeyMatcher } from '../../../keys/matcher'

/**
 * A settings page's form (react-hook-form with the page's zod rules): every change is mirrored as the
 * draft Save sends (model/auth/config-state.ts), so the button, the key binding and the palette save the
 * same patch. The save binding works inside the form's fields too (it types nothing: it has a modifier).
 */
export function useAuthConfigForm(page: AuthSettingsPage, config: AuthConfig) {
  const form = useForm<AuthFormValues>({
    resolver: zodResolver(pageSchema(page)) as unknown as Resolver<AuthFormValues>,
    defaultValues: formValues(page, config),
    mode: 'onChange',
  })
  useEffect(() => {
    const sub = form.watch((values) => setDraft(draftOf(page, config, values as AuthFormValues)))
    return () => {
      sub.unsubscribe()
      setDraft(null)
    }
  }, [form, page, config])

  const submit = form.handleSubmit(async () => {
    try {
      await run('auth.config.save', {}, 'button')
    } catch (e) {
      toast.error(errorMessage(e))
    }
  })

  const { overrides } = useSnapshot(keymap)
  const saveKeys = bindingFor('auth.config.save', overrides)
  const matchSave = useMemo(
    () => createKeyMatcher<KeyboardEvent>(saveKeys ? [['auth.config.save', saveKeys]] : [], () => (void submit(), true)),
    [saveKeys, submit],
  )
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.repeat && matchSave(e)) e.preventDefault()
  }
  return { form, submit, onKeyDown, saveKeys }
}
