/** The row limit in the editor's toolbar: how many rows a result shows at most (sql.limit.set). */
import { useSnapshot } from 'valtio'
import { ListFilter } from 'lucide-react'
import { SQL_ROW_LIMITS } from '../../../../shared/constants'
import { LIMIT_NAMES } from '../../../../../commands/sql-query'
import { press } from '../../../commands-run'
import { sqlEditor } from '../../../model/sql-editor/sql-editor'
import { Button, DropdownMenu, MenuCheckboxItem, MenuLabel } from '../../../ui'

export function LimitMenu() {
  const { limit } = useSnapshot(sqlEditor)
  return (
    <DropdownMenu
      align="end"
      trigger={
        <Button size="sm" variant="ghost" icon={<ListFilter size={14} />}>
          {limit === 'none' ? 'No limit' : `Limit: ${LIMIT_NAMES[limit]}`}
        </Button>
      }
    >
      <MenuLabel>Show at most</MenuLabel>
      {SQL_ROW_LIMITS.map((l) => (
        <MenuCheckboxItem key={l} checked={l === limit} onCheckedChange={() => press('sql.limit.set', { limit: l })}>
          {LIMIT_NAMES[l]}
        </MenuCheckboxItem>
      ))}
    </DropdownMenu>
  )
}
