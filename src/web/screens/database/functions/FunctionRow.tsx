import { Ellipsis, Pencil, Play, Trash2 } from 'lucide-react'
import type { PgFunction } from '../../../../shared/contract/pg-meta-functions'
import { press } from '../../../commands-run'
import { useCommandReason } from '../../../useCan'
import { Badge, DropdownMenu, MenuItem, MenuSeparator } from '../../../ui'

/** One function: name (opens it), arguments, return type, language, security, actions. */
export function FunctionRow({ fn }: { fn: PgFunction }) {
  const writeReason = useCommandReason('database.function.edit-panel.open')
  return (
    <div className="db-row fn-row" role="row" aria-label={fn.name}>
      <span className="db-cell db-cell--clip" role="rowheader">
        <button
          type="button"
          className="db-name-button fn-name"
          title={writeReason ?? `Edit ${fn.schema}.${fn.name}`}
          disabled={writeReason !== null}
          onClick={() => press('database.function.edit-panel.open', { functionId: fn.id })}
        >
          {fn.name}
        </button>
      </span>
      <span className="db-cell db-cell--clip fn-mono fn-muted" role="cell" title={fn.argument_types}>
        {fn.argument_types || '–'}
      </span>
      <span className="db-cell db-cell--clip fn-mono" role="cell" title={fn.return_type}>
        {fn.return_type}
      </span>
      <span className="db-cell db-cell--clip" role="cell">
        {fn.language}
      </span>
      <span className="db-cell db-cell--clip" role="cell">
        {fn.security_definer ? <Badge tone="warning">Definer</Badge> : <Badge>Invoker</Badge>}
      </span>
      <span className="db-cell db-cell--clip db-cell--actions" role="cell">
        <DropdownMenu
          align="end"
          trigger={
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label={`Actions for ${fn.name}`}>
              <Ellipsis size={14} />
            </button>
          }
        >
          <MenuItem icon={<Pencil size={14} />} disabled={writeReason !== null} onSelect={() => press('database.function.edit-panel.open', { functionId: fn.id })}>
            Edit function
          </MenuItem>
          <MenuItem icon={<Play size={14} />} onSelect={() => press('database.function.run', { functionId: fn.id })}>
            Run in SQL editor
          </MenuItem>
          <MenuSeparator />
          <MenuItem icon={<Trash2 size={14} />} danger disabled={writeReason !== null} onSelect={() => press('database.function.delete', { functionId: fn.id })}>
            Delete function
          </MenuItem>
        </DropdownMenu>
      </span>
    </div>
  )
}
