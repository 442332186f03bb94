import { Fragment, type ReactElement, type ReactNode } from 'react'
import { ContextMenu, DropdownMenu } from 'radix-ui'
import { Copy, CopyPlus, Ellipsis, Pencil, Star, StarOff, Trash2, Users } from 'lucide-react'
import type { Snippet } from '../../../../shared/content'
import { press } from '../../../commands-run'
import { snippetsState, startRename } from '../../../model/sql-editor/snippets'
import { cx } from '../../../ui'

interface Action {
  label: string
  icon: ReactNode
  danger?: boolean
  run: () => void
}

/** What may be done with a snippet: owners change and delete theirs; anyone may copy. */
function actionsFor(snippet: Snippet, own: boolean): Action[] {
  const id = snippet.id
  const actions: Action[] = []
  if (own) {
    actions.push({ label: 'Rename query', icon: <Pencil size={14} />, run: () => startRename(id) })
    actions.push(
      snippet.content.favorite
        ? { label: 'Remove from favorites', icon: <StarOff size={14} />, run: () => press('sql.snippet.favorite', { id }) }
        : { label: 'Add to favorites', icon: <Star size={14} />, run: () => press('sql.snippet.favorite', { id }) },
    )
    if (snippet.visibility === 'user') {
      actions.push({ label: 'Share with the project', icon: <Users size={14} />, run: () => press('sql.snippet.share', { id }) })
    }
  }
  if (snippet.visibility === 'project') {
    actions.push({ label: 'Create a personal copy', icon: <CopyPlus size={14} />, run: () => press('sql.snippet.copy-personal', { id }) })
  }
  actions.push({ label: 'Duplicate query', icon: <Copy size={14} />, run: () => press('sql.snippet.duplicate', { id }) })
  if (own) actions.push(deleteAction(id))
  return actions
}

/** Deleting a row that is part of the selection deletes the whole selection. */
function deleteAction(id: string): Action {
  const selected = snippetsState.selected
  const ids = selected.includes(id) ? [...selected] : [id]
  return {
    label: ids.length > 1 ? `Delete ${ids.length} queries` : 'Delete query',
    icon: <Trash2 size={14} />,
    danger: true,
    run: () => press('sql.snippet.delete', { ids }),
  }
}

type ItemComponent = typeof DropdownMenu.Item | typeof ContextMenu.Item
type SeparatorComponent = typeof DropdownMenu.Separator | typeof ContextMenu.Separator

interface ItemsProps {
  snippet: Snippet
  own: boolean
  Item: ItemComponent
  Separator: SeparatorComponent
}

function Items({ snippet, own, Item, Separator }: ItemsProps) {
  return actionsFor(snippet, own).map((a, i) => (
    <Fragment key={a.label}>
      {a.danger && i > 0 && <Separator className="ui-menu__separator" />}
      <Item className={cx('ui-menu__item', a.danger && 'ui-menu__item--danger')} onSelect={a.run}>
        <span className="ui-menu__icon">{a.icon}</span>
        <span className="ui-menu__text">{a.label}</span>
      </Item>
    </Fragment>
  ))
}

/** A menu gives focus back to its trigger on closing, unless 'Rename' just put it in the name field. */
function keepRenameFocus(event: Event): void {
  if (snippetsState.renaming) event.preventDefault()
}

interface MenuProps {
  snippet: Snippet
  /** the current user owns it */
  own: boolean
}

/** The snippet's actions behind a '⋯' button at the end of its row. */
export function SnippetMenuButton({ snippet, own }: MenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="ui-button ui-button--ghost ui-button--sm ui-icon-button snip-row__menu"
        aria-label={`Actions for ${snippet.name}`}
      >
        <Ellipsis size={14} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="ui-menu" align="start" side="right" sideOffset={4} onCloseAutoFocus={keepRenameFocus}>
          <Items snippet={snippet} own={own} Item={DropdownMenu.Item} Separator={DropdownMenu.Separator} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The same actions on a right click (or the context-menu key) on the row. */
export function SnippetContextMenu({ snippet, own, children }: MenuProps & { children: ReactElement }) {
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="ui-menu" onCloseAutoFocus={keepRenameFocus}>
          <Items snippet={snippet} own={own} Item={ContextMenu.Item} Separator={ContextMenu.Separator} />
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  )
}
