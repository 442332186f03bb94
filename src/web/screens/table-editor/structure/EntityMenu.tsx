import { Fragment, type ReactElement, type ReactNode } from 'react'
import { ContextMenu, DropdownMenu } from 'radix-ui'
import { Copy, Ellipsis, MessageSquareText, Pencil, Trash2 } from 'lucide-react'
import type { Entity } from '../../../../shared/api'
import { press } from '../../../commands-run'
import { cx } from '../../../ui'
import { openTableDialog } from '../../../model/table-editor/structure/structure-state'

interface Action {
  label: string
  icon: ReactNode
  danger?: boolean
  run: () => void
}

function actionsFor(entity: Entity): Action[] {
  const tableId = entity.id
  return [
    { label: 'Rename table', icon: <Pencil size={14} />, run: () => openTableDialog({ kind: 'rename', tableId }) },
    { label: 'Edit description', icon: <MessageSquareText size={14} />, run: () => openTableDialog({ kind: 'comment', tableId }) },
    { label: 'Duplicate table', icon: <Copy size={14} />, run: () => openTableDialog({ kind: 'duplicate', tableId }) },
    { label: 'Delete table', icon: <Trash2 size={14} />, danger: true, run: () => press('table-editor.table.delete', { table: tableId }) },
  ]
}

type ItemComponent = typeof DropdownMenu.Item | typeof ContextMenu.Item

function Items({ entity, Item, Separator }: { entity: Entity; Item: ItemComponent; Separator: typeof DropdownMenu.Separator }) {
  const actions = actionsFor(entity)
  return actions.map((a, i) => (
    <Fragment key={a.label}>
      {a.danger && i > 0 && <Separator className="ui-menu__separator" />}
      <Item className={cx('ui-menu__item', a.danger && 'ui-menu__item--danger')} onSelect={a.run}>
        <span className="ui-menu__icon">{a.icon}</span>
        <span className="ui-menu__text">{a.label}</span>
      </Item>
    </Fragment>
  ))
}

/** The table's actions behind a '⋯' button at the end of its row in the table list. */
export function EntityMenuButton({ entity }: { entity: Entity }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="ui-button ui-button--ghost ui-button--sm ui-icon-button st-entity-menu" aria-label={`Actions for ${entity.name}`}>
        <Ellipsis size={14} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-menu" align="start" side="right" sideOffset={4}>
          <Items entity={entity} Item={DropdownMenu.Item} Separator={DropdownMenu.Separator} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The same actions on a right click (or the context-menu key) on the table's row. */
export function EntityContextMenu({ entity, children }: { entity: Entity; children: ReactElement }) {
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="ui-menu">
          <Items entity={entity} Item={ContextMenu.Item} Separator={ContextMenu.Separator} />
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}
