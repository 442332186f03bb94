/** The ⌘K palette: the command list, or the argument steps of the command picked. */
import { Dialog, VisuallyHidden } from 'radix-ui'
import { useSnapshot } from 'valtio'
import { CornerDownLeft } from 'lucide-react'
import { getCommand } from '../../../commands/registry'
import { backStep, closePalette, palette } from '../model/app/palette'
import { Kbd } from '../ui/Kbd'
import { ArgSteps } from './ArgSteps'
import { CommandList } from './CommandList'

export function Palette() {
  const { open, commandId } = useSnapshot(palette)
  const cmd = commandId ? getCommand(commandId) : undefined
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closePalette()}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay palette-overlay" />
        <Dialog.Content
          className="palette"
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => {
            if (palette.commandId) {
              e.preventDefault()
              backStep()
            }
          }}
        >
          <VisuallyHidden.Root>
            <Dialog.Title>Command palette</Dialog.Title>
          </VisuallyHidden.Root>
          {cmd ? <ArgSteps key={cmd.id} cmd={cmd} /> : <CommandList />}
          <footer className="palette-footer">
            <span>
              <Kbd>
                <CornerDownLeft size={11} />
              </Kbd>{' '}
              {cmd ? 'confirm' : 'run'}
            </span>
            <span>
              <Kbd>↑</Kbd> <Kbd>↓</Kbd> move
            </span>
            <span>
              <Kbd>Esc</Kbd> {cmd ? 'back' : 'close'}
            </span>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
