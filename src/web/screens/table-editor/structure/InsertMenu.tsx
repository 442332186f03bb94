import type { ReactNode } from 'react'
import { ChevronDown, Columns3, FileUp, Plus, Rows3 } from 'lucide-react'
import type { GridTable } from '../../../../shared/api'
import type { CommandId } from '../../../../../commands/all'
import { press } from '../../../commands-run'
import { bindingFor } from '../../../model/app/keys/keymap'
import { Button, DropdownMenu, MenuItem } from '../../../ui'
import { useCan } from '../../../useCan'
import './structure.css'

function Item({ id, icon, title, hint }: { id: CommandId; icon: ReactNode; title: string; hint: string }) {
  return (
    <MenuItem icon={icon} binding={bindingFor(id)} onSelect={() => press(id)}>
      <span className="st-menu-item">
        <span>{title}</span>
        <span className="st-menu-item__hint">{hint}</span>
      </span>
    </MenuItem>
  )
}

/** The grid header's Insert menu (spec 2): only with SQL admin write on columns, on an editable table (spec 6). */
export function InsertMenu({ table }: { table: GridTable }) {
  const can = useCan('sqlAdminWriteColumns')
  if (!can || table.readonly) return null
  return (
    <DropdownMenu
      align="start"
      trigger={
        <Button size="sm" variant="primary" icon={<Plus size={14} />} iconRight={<ChevronDown size={14} />}>
          Insert
        </Button>
      }
    >
      <Item id="grid.row.insert-panel.open" icon={<Rows3 size={14} />} title="Insert row" hint={`Insert a new row into ${table.name}`} />
      <Item id="grid.column.insert-panel.open" icon={<Columns3 size={14} />} title="Insert column" hint={`Insert a new column into ${table.name}`} />
      <Item id="grid.import.panel.open" icon={<FileUp size={14} />} title="Import data from CSV" hint="Insert new rows from a CSV file" />
    </DropdownMenu>
  )
}
