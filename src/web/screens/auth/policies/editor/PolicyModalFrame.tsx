/**
 * The frame both policy modals share (spec 4): the title with what the policy is on, the close button,
 * Escape and ⌘Enter. Closing (button, Escape, outside) runs the modal's close command, which asks before
 * discarding unsaved edits; Escape with a SQL field's completion list open closes the list instead.
 * ⌘Enter outside the SQL fields goes on: editor → review → save. In the review, the try command's key
 * (keymaps/default.ts, or the user's own) tries the policy.
 */
import { useMemo, type KeyboardEvent, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { Dialog } from 'radix-ui'
import { X } from 'lucide-react'
import { EditorView } from '@codemirror/view'
import { closeCompletion } from '@codemirror/autocomplete'
import type { CommandId } from '../../../../../../commands/all'
import { press } from '../../../../commands-run'
import { cx } from '../../../../ui'
import { createKeyMatcher } from '../../../../keys/matcher'
import { dispatchKey } from '../../../../keys/dispatch'
import { bindingFor, keymap } from '../../../../model/app/keys/keymap'

/**
 * ⌘Enter / Ctrl+Enter in a policy modal. Keys pressed in a dialog never reach the app's keymap, and
 * '$mod+Enter' there is the SQL editor's run, so the frame binds it (and a SQL field, inside it).
 */
export const SUBMIT_BINDING = '$mod+Enter'

/** Closes the completion list of the focused SQL field; whether there was one. */
function closeOpenCompletion(): boolean {
  const dom = document.activeElement?.closest<HTMLElement>('.cm-editor')
  const view = dom ? EditorView.findFromDOM(dom) : null
  return view ? closeCompletion(view) : false
}

interface PolicyModalFrameProps {
  open: boolean
  /** the modal's step: ⌘Enter reviews from 'editor' and saves from 'review' */
  view: 'selection' | 'templates' | 'editor' | 'review'
  title: string
  /** what the policy is on (schema.table, a bucket…), after the title */
  on: string | null
  className?: string
  /** the modal's commands: its close (with the discard check), review, save, and the review step's try */
  commands: { close: CommandId; review: CommandId; save: CommandId; try: CommandId }
  children: ReactNode
}

export function PolicyModalFrame({ open, view, title, on, className, commands, children }: PolicyModalFrameProps) {
  const close = () => press(commands.close)
  const { overrides } = useSnapshot(keymap)
  const tryKeys = bindingFor(commands.try, overrides)
  const matchTry = useMemo(
    () => createKeyMatcher<KeyboardEvent>(tryKeys ? [[commands.try, tryKeys]] : [], (id) => dispatchKey(id)),
    [commands.try, tryKeys],
  )
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.metaKey || e.ctrlKey) && e.key === 'Enter' && !(e.target as HTMLElement).closest('.cm-editor')) {
      e.preventDefault()
      if (view === 'editor') press(commands.review)
      else if (view === 'review') press(commands.save)
      return
    }
    // in the review only, from any of its fields: the key types no text there (it has a modifier)
    if (view === 'review' && !e.repeat && matchTry(e)) e.preventDefault()
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          className={cx('ui-dialog ui-dialog--large pol-editor', className)}
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onEscapeKeyDown={(e) => {
            e.preventDefault()
            if (!closeOpenCompletion()) close()
          }}
        >
          <header className="ui-dialog__header">
            <Dialog.Title className="ui-dialog__title">
              {title}
              {on && <span className="pol-editor__table"> on {on}</span>}
            </Dialog.Title>
            <button type="button" className="ui-button ui-button--ghost ui-button--sm ui-icon-button" aria-label="Close" onClick={close}>
              <X size={16} />
            </button>
          </header>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
