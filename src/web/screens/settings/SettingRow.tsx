import { useState, type ReactNode } from 'react'
import { Copy, Eye, EyeOff } from 'lucide-react'
import type { ApiKeyName } from '../../../../commands/settings'
import { press } from '../../commands-run'
import { MSG } from '../../../shared/messages'
import { Alert, Button } from '../../ui'

interface SettingRowProps {
  label: ReactNode
  hint: string
  /** null: withheld from this user (a secret needs write permission) */
  value: string | null
  copyKey: ApiKeyName
  /** hidden until revealed */
  masked?: boolean
  warning?: string
}

/** One URL or key: read-only, copied through the 'settings.api.copy' command; a secret is masked until revealed. */
export function SettingRow({ label, hint, value, copyKey, masked = false, warning }: SettingRowProps) {
  const [revealed, setRevealed] = useState(!masked)
  if (value === null) {
    return (
      <div className="api-row">
        <div className="api-row__text">
          <div className="api-row__label">{label}</div>
          <p className="api-row__hint">{hint}</p>
        </div>
        <div className="api-row__value">
          <Alert type="note">{MSG.viewSecretKeysPermission}</Alert>
        </div>
      </div>
    )
  }
  return (
    <div className="api-row">
      <div className="api-row__text">
        <div className="api-row__label">{label}</div>
        <p className="api-row__hint">{hint}</p>
      </div>
      <div className="api-row__value">
        <div className="api-row__field">
          <code className="api-row__code" data-testid={`api-${copyKey}`}>
            {revealed ? value : '•'.repeat(Math.min(value.length, 40))}
          </code>
          {masked && (
            <Button size="sm" variant="ghost" icon={revealed ? <EyeOff size={14} /> : <Eye size={14} />} onClick={() => setRevealed(!revealed)}>
              {revealed ? 'Hide' : 'Reveal'}
            </Button>
          )}
          <Button size="sm" icon={<Copy size={14} />} onClick={() => press('settings.api.copy', { key: copyKey })}>
            Copy
          </Button>
        </div>
        {warning && <Alert type="warning" className="api-row__warning">{warning}</Alert>}
      </div>
    </div>
  )
}
