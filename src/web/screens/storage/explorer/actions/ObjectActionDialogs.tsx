/** The explorer's object-action dialogs (Move, Get URL); mount once with the explorer. */
import { MoveDialog } from './MoveDialog'
import { UrlDialog } from './UrlDialog'
import './actions.css'

export function ObjectActionDialogs() {
  return (
    <>
      <MoveDialog />
      <UrlDialog />
    </>
  )
}
