/** The Move modal (spec 4): a destination path for the selected items; blank is the bucket root. */
import { useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { MSG } from '../../../../../shared/messages'
import { press } from '../../../../commands-run'
import { Button, Dialog, Field, Input } from '../../../../ui'
import { closeMoveDialog, objectDialogs } from '../../../../model/storage/explorer/actions/dialog-state'
import { baseName, normalizeDestination } from '../../../../model/storage/explorer/actions/object-paths'

export function MoveDialog() {
  const { move } = useSnapshot(objectDialogs)
  const [destination, setDestination] = useState('')
  const paths = move ?? []
  const what = paths.length === 1 ? baseName(paths[0]!) : `${paths.length} items`
  const target = normalizeDestination(destination)

  const close = () => {
    closeMoveDialog()
    setDestination('')
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    press('storage.objects.move', { paths: [...paths], destination })
    close()
  }

  return (
    <Dialog
      open={move !== null}
      onOpenChange={(open) => !open && close()}
      title={`Move ${what}`}
      description="Enter the path of the folder to move to. Folders that do not exist yet are created."
      footer={
        <>
          <Button onClick={close}>Cancel</Button>
          <Button variant="primary" type="submit" form="storage-move-form">
            Move files
          </Button>
        </>
      }
    >
      <form id="storage-move-form" onSubmit={submit}>
        <Field label="Path to new directory" htmlFor="storage-move-destination" hint={MSG.moveDestinationHint}>
          <Input
            id="storage-move-destination"
            value={destination}
            placeholder="folder/subfolder"
            autoComplete="off"
            onChange={(e) => setDestination(e.target.value)}
          />
        </Field>
        <p className="storage-actions__note">
          Moves to <code>{target ? `${target}/` : 'the bucket root'}</code>
        </p>
      </form>
    </Dialog>
  )
}
