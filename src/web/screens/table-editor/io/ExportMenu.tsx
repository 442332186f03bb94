import { Download, FileCode2, FileSpreadsheet } from 'lucide-react'
import type { GridTable } from '../../../../shared/api'
import { press } from '../../../commands-run'
import { bindingFor } from '../../../model/app/keys/keymap'
import { Button, DropdownMenu, MenuItem } from '../../../ui'

/** Export the rows the grid shows (filtered and sorted, as the chosen role) as CSV or SQL inserts. */
export function ExportMenu({ table }: { table: GridTable }) {
  return (
    <DropdownMenu
      align="end"
      trigger={
        <Button size="sm" variant="ghost" icon={<Download size={14} />} aria-label={`Export rows of ${table.name}`}>
          Export
        </Button>
      }
    >
      <MenuItem icon={<FileSpreadsheet size={14} />} binding={bindingFor('grid.export.csv')} onSelect={() => press('grid.export.csv')}>
        Export as CSV
      </MenuItem>
      <MenuItem icon={<FileCode2 size={14} />} binding={bindingFor('grid.export.sql')} onSelect={() => press('grid.export.sql')}>
        Export as SQL inserts
      </MenuItem>
    </DropdownMenu>
  )
}
