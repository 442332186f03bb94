import { Table2 } from 'lucide-react'
import { Button, EmptyState, Kbd } from '../../ui'
import { bindingFor } from '../../model/app/keys/keymap'
import { openPalette } from '../../model/app/palette'

/** The table editor with no table open: say how to open one. */
export function TableEditorIndex() {
  const palette = bindingFor('app.palette.open')
  return (
    <div className="te-center">
      <EmptyState
        icon={<Table2 size={28} />}
        title="Select a table to view its rows"
        description={
          <>
            Pick one from the list on the left, or open the command palette {palette && <Kbd binding={palette} />} and
            search for a table, a filter or a sort.
          </>
        }
        action={<Button onClick={() => openPalette('table-editor.table.open')}>Open a table</Button>}
      />
    </div>
  )
}
