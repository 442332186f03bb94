/** An editor's way out: the value goes through 'grid.cell.update'; a refusal is told and the editor stays. */
import { run } from '../../../../../commands/all'
import type { EditingCell } from '../../../model/table-editor/row-edit'
import { toast } from '../../../model/app/toasts'
import { errorMessage } from '../../../../shared/error-message'

export async function saveCell(editing: Pick<EditingCell, 'column' | 'primaryKey'>, value: unknown): Promise<boolean> {
  try {
    await run('grid.cell.update', { column: editing.column, primaryKey: editing.primaryKey, value }, 'keys')
    return true
  } catch (e) {
    toast.error(errorMessage(e))
    return false
  }
}
