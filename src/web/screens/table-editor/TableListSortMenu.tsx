import { ArrowDownAZ } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { TABLE_LIST_SORTS, type TableListSort } from '../../../shared/constants'
import { DropdownMenu, IconButton, MenuCheckboxItem, MenuLabel } from '../../ui'
import { tableListState } from '../../model/table-editor/table-list'
import { press } from '../../commands-run'

const LABELS: Record<TableListSort, string> = {
  alphabetical: 'Alphabetical',
  'grouped-alphabetical': 'Grouped by entity type',
}

export function TableListSortMenu() {
  const { sort } = useSnapshot(tableListState)
  return (
    <DropdownMenu align="end" trigger={<IconButton label="Sort tables" icon={<ArrowDownAZ size={15} />} size="sm" />}>
      <MenuLabel>Sort tables</MenuLabel>
      {TABLE_LIST_SORTS.map((s) => (
        <MenuCheckboxItem key={s} checked={s === sort} onCheckedChange={() => press('table-editor.list.sort.set', { sort: s })}>
          {LABELS[s]}
        </MenuCheckboxItem>
      ))}
    </DropdownMenu>
  )
}
