import { Ellipsis, Power, Trash2 } from 'lucide-react'
import type { PgTrigger } from '../../../../shared/contract/pg-meta-triggers'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Badge, DropdownMenu, MenuItem, MenuSeparator, Switch } from '../../../ui'
import { isEnabled } from '../../../model/database/triggers/triggers-data'

/** One trigger: name, events, timing, orientation, function, the enabled switch, actions. */
export function TriggerRow({ trigger: t }: { trigger: PgTrigger }) {
  const writeReason = useCommandReason('database.trigger.toggle')
  const enabled = isEnabled(t)
  return (
    <div className="db-row tg-row" role="row" aria-label={t.name}>
      <span className="db-cell db-cell--clip fn-mono" role="rowheader" title={t.condition ? `when (${t.condition})` : t.name}>
        {t.name}
      </span>
      <span className="db-cell db-cell--clip tg-events" role="cell">
        {t.events.map((e) => <Badge key={e} tone="info">{e}</Badge>)}
      </span>
      <span className="db-cell db-cell--clip" role="cell">{t.activation}</span>
      <span className="db-cell db-cell--clip" role="cell">{t.orientation}</span>
      <span className="db-cell db-cell--clip fn-mono" role="cell" title={`${t.function_schema}.${t.function_name}`}>
        {t.function_schema === t.schema ? t.function_name : `${t.function_schema}.${t.function_name}`}
      </span>
      <span className="db-cell db-cell--clip" role="cell">
        <Switch
          checked={enabled}
          label={`Enabled: ${t.name}`}
          disabled={writeReason !== null}
          title={writeReason ?? (t.enabled_mode === 'ORIGIN' || t.enabled_mode === 'DISABLED' ? undefined : `Fires ${t.enabled_mode.toLowerCase()}`)}
          onCheckedChange={(on) => press('database.trigger.toggle', { triggerId: t.id, enabled: on })}
        />
      </span>
      <span className="db-cell db-cell--clip db-cell--actions" role="cell">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${t.name}`}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<Power size={14} />} disabled={writeReason !== null} onSelect={() => press('database.trigger.toggle', { triggerId: t.id })}>
            {enabled ? 'Disable trigger' : 'Enable trigger'}
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger disabled={writeReason !== null} onSelect={() => press('database.trigger.delete', { triggerId: t.id })}>
            Delete trigger
          </MenuItem>
        </DropdownMenu>
      </span>
    </div>
  )
}
