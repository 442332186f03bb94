import { Eye, EyeOff } from 'lucide-react'
import { MSG } from '../../../shared/messages'
import { press } from '../../commands-run'
import { bindingFor } from '../../model/app/keys/keymap'
import { DOCS_KEYS, DOCS_LANGUAGES, LANGUAGE_LABELS } from '../../model/api/preferences'
import type { DocsKey } from '../../model/api/openapi'
import { Alert, Button, Tooltip } from '../../ui'
import { useApiDocs } from './useApiDocs'

const KEY_NAMES: Record<DocsKey, string> = { anon: 'anon', service_role: 'service_role' }

/** The language (JavaScript / Bash) and key (anon / service_role) the snippets use: each a command. */
export function DocsSwitches({ keys = true }: { keys?: boolean }) {
  const { prefs, settings } = useApiDocs()
  const serviceReadable = Boolean(settings.data?.service_role_key)
  return (
    <div className="apidocs-switches">
      <Tooltip content="Snippet language" binding={bindingFor('api.docs.language')}>
        <div className="apidocs-segmented" role="group" aria-label="Snippet language">
          {DOCS_LANGUAGES.map((l) => (
            <button key={l} type="button" className="apidocs-segmented__item" aria-pressed={prefs.language === l} onClick={() => press('api.docs.language', { language: l })}>
              {LANGUAGE_LABELS[l]}
            </button>
          ))}
        </div>
      </Tooltip>
      {keys && (
        <Tooltip content={serviceReadable ? 'Key the snippets use' : MSG.viewSecretKeysPermission} binding={bindingFor('api.docs.key')}>
          <div className="apidocs-segmented" role="group" aria-label="Snippet key">
            {DOCS_KEYS.map((k) => (
              <button
                key={k}
                type="button"
                className="apidocs-segmented__item"
                aria-pressed={prefs.key === k}
                disabled={k === 'service_role' && !serviceReadable}
                onClick={() => press('api.docs.key', { key: k })}
              >
                {KEY_NAMES[k]}
              </button>
            ))}
          </div>
        </Tooltip>
      )}
      {keys && prefs.key === 'service_role' && (
        <Button
          size="sm"
          variant="ghost"
          icon={prefs.revealed ? <EyeOff size={14} /> : <Eye size={14} />}
          onClick={() => press('api.docs.key.reveal')}
        >
          {prefs.revealed ? 'Hide key' : 'Reveal key'}
        </Button>
      )}
    </div>
  )
}

/** The warning shown while the snippets use the service key. */
export function ServiceKeyWarning() {
  const { prefs } = useApiDocs()
  if (prefs.key !== 'service_role') return null
  return <Alert type="warning" title="These snippets use the service_role key">{MSG.apiDocsServiceKeyWarning}</Alert>
}
