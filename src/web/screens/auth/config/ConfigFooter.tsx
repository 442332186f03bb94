import { useSnapshot } from 'valtio'
import { press } from '../../../commands-run'
import { authConfigEditor } from '../../../model/auth/config-state'
import { Button, Kbd } from '../../../ui'
import { useCan } from '../../../useCan'
import { MSG } from '../../../../shared/messages'

/**
 * Save and Cancel of a settings form, with why it cannot be saved: no permission (spec 6's notice), or the
 * rule the changes break. Save is the form's submit (its fields' rules first), Cancel discards the changes.
 */
export function ConfigFooter({ saving, saveKeys }: { saving: boolean; saveKeys?: string }) {
  const { draft } = useSnapshot(authConfigEditor)
  const canWrite = useCan('projectAuthAll')
  const reason = !canWrite ? MSG.noPermission('manage authentication') : draft?.problem ?? null
  return (
    <footer className="auth-cfg__footer">
      {reason ? (
        <span className="auth-cfg__reason" role={canWrite ? 'alert' : undefined}>{reason}</span>
      ) : (
        <span className="auth-cfg__reason">{draft ? 'Unsaved changes' : ''}</span>
      )}
      <Button type="button" disabled={!draft || saving} onClick={() => press('auth.config.discard')}>
        Cancel
      </Button>
      <Button variant="primary" type="submit" disabled={!canWrite || !draft || Boolean(draft.problem)} loading={saving} title={canWrite ? undefined : reason ?? undefined}>
        Save
        {saveKeys && <Kbd binding={saveKeys} className="auth-cfg__kbd" />}
      </Button>
    </footer>
  )
}
