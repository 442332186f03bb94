/**
 * The Get URL dialog (spec 4 preview pane, 5 Signed URL): a signed URL for a week, a month, a year or a
 * custom duration (days, weeks, months, years; more than 0), with the date it expires; a public bucket's
 * file also has its public URL, which never expires.
 */
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { format } from 'date-fns'
import { SIGNED_URL_PRESETS, SIGNED_URL_UNITS } from '../../../../../shared/constants'
import { press } from '../../../../commands-run'
import { Button, Dialog, Field, Input, Select } from '../../../../ui'
import { closeUrlDialog, objectDialogs } from '../../../../model/storage/explorer/actions/dialog-state'
import { baseName, expiryDate, expirySeconds, type ExpiryUnit } from '../../../../model/storage/explorer/actions/object-paths'

type Choice = keyof typeof SIGNED_URL_PRESETS | 'custom'
const CHOICES: { value: Choice; label: string }[] = [
  { value: 'week', label: '1 week' },
  { value: 'month', label: '1 month' },
  { value: 'year', label: '1 year' },
  { value: 'custom', label: 'Custom' },
]
const UNITS = Object.keys(SIGNED_URL_UNITS).map((u) => ({ value: u }))

export function UrlDialog() {
  const { url } = useSnapshot(objectDialogs)
  const [choice, setChoice] = useState<Choice>('week')
  const [amount, setAmount] = useState('1')
  const [unit, setUnit] = useState<ExpiryUnit>('days')
  const custom = expirySeconds(amount, unit)
  const seconds = choice === 'custom' ? ('seconds' in custom ? custom.seconds : null) : SIGNED_URL_PRESETS[choice]
  const error = choice === 'custom' && 'error' in custom ? custom.error : undefined
  const path = url?.path ?? ''

  const copySigned = (e: FormEvent) => {
    e.preventDefault()
    if (seconds === null) return
    press('storage.object.sign-url', { path, expiresIn: seconds })
    closeUrlDialog()
  }

  return (
    <Dialog
      open={url !== null}
      onOpenChange={(open) => !open && closeUrlDialog()}
      title={`Get URL for ${baseName(path)}`}
      footer={
        <>
          <Button onClick={closeUrlDialog}>Cancel</Button>
          <Button variant="primary" type="submit" form="storage-url-form" disabled={seconds === null}>
            Copy signed URL
          </Button>
        </>
      }
    >
      {url?.isPublic && (
        <div className="storage-actions__public">
          <p>This bucket is public: the file's public URL never expires.</p>
          <Button size="sm" onClick={() => (press('storage.object.public-url', { path }), closeUrlDialog())}>
            Copy public URL
          </Button>
        </div>
      )}
      <form id="storage-url-form" onSubmit={copySigned} className="storage-actions__form">
        <fieldset className="storage-actions__choices">
          <legend className="ui-field__label">Signed URL expires in</legend>
          {CHOICES.map((c) => (
            <label key={c.value} className="storage-actions__choice">
              <input type="radio" name="expiry" value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
              {c.label}
            </label>
          ))}
        </fieldset>
        {choice === 'custom' && (
          <div className="storage-actions__custom">
            <Field label="Duration" htmlFor="storage-url-amount" error={error}>
              <Input
                id="storage-url-amount"
                type="number"
                min={1}
                value={amount}
                invalid={Boolean(error)}
                onChange={(e) => setAmount(e.target.value)}
              />
            </Field>
            <Field label="Unit" htmlFor="storage-url-unit">
              <Select id="storage-url-unit" value={unit} options={UNITS} onValueChange={(v) => setUnit(v as ExpiryUnit)} />
            </Field>
          </div>
        )}
        <p className="storage-actions__note" data-testid="storage-url-expiry">
          {seconds === null ? '\u00a0' : `Expires on ${format(expiryDate(seconds), 'PPpp')}`}
        </p>
      </form>
    </Dialog>
  )
}
